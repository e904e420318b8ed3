import * as React from "react";
import { newRequestId } from "../../lib/submit-demo-request";

/** The idempotency key: kept across retries of the same values, renewed on change or success (`renew`). */
export function useRequestId() {
  const current = React.useRef<{ id: string; fingerprint: string } | null>(null);
  return React.useMemo(
    () => ({
      forValues(values: object): string {
        const fingerprint = JSON.stringify(values);
        if (current.current?.fingerprint !== fingerprint) {
          current.current = { id: newRequestId(), fingerprint };
        }
        return current.current.id;
      },
      renew() {
        current.current = null;
      },
    }),
    [],
  );
}
