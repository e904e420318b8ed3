import * as React from "react";
import { newRequestId } from "../../lib/submit-demo-request";

/**
 * Keeps the demo request's idempotency key: the same UUID for every retry of the same values,
 * a new one when the values change or after a success (`renew`), so a retry after a lost
 * answer is not mailed twice while a new request always is.
 */
export function useRequestId() {
  const current = React.useRef<{ id: string; fingerprint: string } | null>(null);
  return React.useMemo(
    () => ({
      /** The key for these values (any JSON-serialisable object). */
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
