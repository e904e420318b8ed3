/**
 * Reads the first landing the tab recorded (docs/decisions/0024-lead-attribution.md). Browser only,
 * so it lives apart from src/lib/attribution.ts, which the function imports too.
 */
import { ATTRIBUTION_STORAGE_KEY, cleanAttribution, type Attribution } from "./attribution";

/**
 * The first landing this tab recorded, cleaned; undefined when none was recorded or storage
 * is blocked.
 */
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
