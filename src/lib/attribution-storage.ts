/** Reads the tab's recorded first landing (docs/decisions/0024-lead-attribution.md); browser only, unlike ./attribution.ts. */
import { ATTRIBUTION_STORAGE_KEY, cleanAttribution, type Attribution } from "./attribution";

/** The recorded first landing, cleaned; undefined when none or storage is blocked. */
export function readStoredAttribution(
  storage: Pick<Storage, "getItem"> = window.sessionStorage,
): Attribution | undefined {
  try {
    const stored = storage.getItem(ATTRIBUTION_STORAGE_KEY);
    return stored ? cleanAttribution(JSON.parse(stored)) : undefined;
  } catch {
    return undefined;
  }
}
