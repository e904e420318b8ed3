/**
 * Settings that turned an add-on off reach a person (docs/decisions/0034-core-and-add-ons.md): logged at every
 * cold start, e-mailed to ALERT_EMAIL once a UTC day by variable name only.
 */
import { noteOnce, type JsonBlobs } from "../../kit/json-blobs";
import { keyOf } from "../../kit/storage";
import { alertOnce, type AlertDeps } from "./alert";
import { alertEmail } from "./alert-message";

const KEPT_MS = 2 * 24 * 3_600_000;

/** Tells ALERT_EMAIL of `parts` (each `name: problem; problem`) once on `now`'s UTC day; nothing when empty. Never throws. */
export async function tellInvalidSettings(
  parts: string[],
  deps: AlertDeps & { blobs: JsonBlobs; now: Date },
): Promise<void> {
  if (parts.length === 0) return;
  const body = [
    "These parts of the site are off because their settings are invalid; demo requests still reach sales.",
    { list: parts },
    "Mend the variables in Netlify's site settings and deploy again. This alert is sent once a day while they stay invalid.",
  ];
  const key = keyOf("settingsAlerts", deps.now.toISOString().slice(0, 10));
  await alertOnce(
    {
      what: "settings alert",
      note: () => noteOnce(deps.blobs, key, deps.now, KEPT_MS),
      message: alertEmail(deps.config, {
        subject: "Site settings invalid: some parts are off",
        title: "Site settings invalid",
        body,
      }),
      fallback: "the cold-start log lines are the alert",
    },
    deps,
    { parts: parts.length },
  );
}
