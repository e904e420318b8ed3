/**
 * The owner's personal-data commands (docs/requirements.md#personal-data) against `npm start`: a
 * demo request sent through the real form is found by `leads:export -- --email`, erased by
 * `leads:erase`, and gone from the export afterwards, while another prospect's request stays;
 * `leads:retention` runs the scheduled function through the running server and deletes only what is
 * past its period.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test, type Page } from "@playwright/test";
import { newLead } from "../../netlify/lib/core/leads/lead-record";
import { createBlobLeadStore, LEAD_STORE_NAME } from "../../netlify/lib/core/leads/lead-store";
import { openSiteBlobs } from "../../scripts/local/blobs-server.mjs";
import { sendDemoRequest } from "./support/demo-request-form";
import { confirmationsTo, uniqueProspect, uniqueTag } from "./support/mail-sink";
import { toasts } from "./support/toasts";

const execFileAsync = promisify(execFile);
const DAY = 24 * 60 * 60 * 1000;

test.describe.configure({ timeout: 120_000 });

/** Runs `node scripts/<script> ...args` beside the running site; resolves with its exit code and output. */
async function command(script: string, args: string[], baseURL?: string) {
  const { NETLIFY_SITE_ID: _site, NETLIFY_AUTH_TOKEN: _token, ...env } = process.env;
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, [`scripts/${script}`, ...args], {
      env: { ...env, SITE_URL: baseURL ?? "" },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** Sends a demo request through the form; resolves with the request id the page sent. */
async function submitThroughForm(page: Page, values: Record<string, string>): Promise<string> {
  const requestId = await sendDemoRequest(page, values);
  await expect(toasts(page)).toContainText("Request Submitted Successfully", { timeout: 30_000 });
  return requestId;
}

test("a request sent through the form is exported by address, erased with its counter, and no longer exported", async ({
  page,
  request,
}) => {
  const erased = uniqueProspect();
  const kept = uniqueProspect();
  const erasedId = await submitThroughForm(page, erased);
  const keptId = await submitThroughForm(page, kept);
  // Typed differently from the form: matching is case-insensitive.
  const address = erased["Work Email"].toUpperCase();

  const before = await command("leads-export.mjs", ["--email", address]);
  expect(before.code).toBe(0);
  expect(before.stdout).toContain(`"${erasedId}"`);
  expect(before.stdout).not.toContain(keptId);

  // Another spelling of the same inbox (a +tag) finds it; a dry run lists it and erases nothing.
  const tagged = erased["Work Email"].replace("@", "+privacy@");
  const dryRun = await command("leads-erase.mjs", ["--dry-run", tagged]);
  expect(dryRun.code).toBe(0);
  expect(dryRun.stdout).toContain("Dry run: nothing was erased.");
  expect(dryRun.stdout).toContain(`  ${erasedId}  ${erased["Work Email"]}  received `);
  expect(dryRun.stdout).not.toContain(keptId);
  expect((await command("leads-export.mjs", ["--email", tagged])).stdout).toContain(`"${erasedId}"`);
  expect((await command("leads-export.mjs", ["--email", tagged, "--exact"])).stdout).not.toContain(erasedId);

  // The confirmation it got left a per-address entry (a keyed hash, under the local form secret
  // `npm start` keeps in .data/) in the confirmation limits; past the day's confirmation limit of
  // a long-lived local store it got none, and there is none.
  const confirmations = (await confirmationsTo(request, erased["Work Email"])).length;
  const erase = await command("leads-erase.mjs", [address]);
  expect(erase.code).toBe(0);
  expect(erase.stdout).toContain("Erased 1 stored demo request(s)");
  expect(erase.stdout).toContain(`Per-address counter entries removed: ${confirmations}.`);
  expect(erase.stdout).toMatch(new RegExp(`${erasedId}  received \\S+Z  \\(sent\\)`));
  // The stored spelling it erased is shown to the owner who asked; nothing else the person typed.
  expect(erase.stdout).toContain(
    `Addresses erased (every stored spelling of its inbox):\n  ${erased["Work Email"]}\n`,
  );
  for (const [label, value] of Object.entries(erased)) {
    if (label !== "Work Email") expect(erase.stdout).not.toContain(value);
  }

  const after = await command("leads-export.mjs", ["--email", erased["Work Email"]]);
  expect(after.code).toBe(0);
  expect(after.stdout).not.toContain(erasedId);
  const everything = await command("leads-export.mjs", []);
  expect(everything.stdout).not.toContain(erasedId);
  expect(everything.stdout).toContain(`"${keptId}"`);

  const again = await command("leads-erase.mjs", [erased["Work Email"]]);
  expect(again.code).toBe(0);
  expect(again.stdout).toContain("No stored demo request from");
  expect(again.stdout).toContain("Per-address counter entries removed: 0.");
});

test("leads:retention through the running server deletes a lead settled 181 days ago, keeps a pending one", async ({
  baseURL,
}) => {
  const tag = uniqueTag();
  const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();
  const request = {
    firstName: "Old",
    lastName: `Lead${tag}`,
    email: `old.${tag}@example.com`,
    phone: "+61 8 9000 0002",
    company: "Retention Mining",
    message: "",
  };
  const old = {
    ...newLead(`retention-old-${tag}`, request, new Date(ago(182))),
    state: "sent" as const,
    settledAt: ago(181),
  };
  const pending = newLead(`retention-pending-${tag}`, request, new Date(ago(400)));
  const blobs = await openSiteBlobs(process.cwd());
  try {
    const store = createBlobLeadStore(blobs.open(LEAD_STORE_NAME));
    await store.create(old);
    await store.settle(old.id);
    await store.create(pending);
  } finally {
    await blobs.close();
  }

  try {
    const run = await command("leads-retention.mjs", [], baseURL);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /leads:retention on the local site .*: deleted [1-9]\d* stored demo request\(s\)/,
    );

    const exported = (await command("leads-export.mjs", ["--email", request.email])).stdout;
    expect(exported).not.toContain(old.id);
    expect(exported).toContain(pending.id);
  } finally {
    await command("leads-erase.mjs", [request.email]);
  }
});
