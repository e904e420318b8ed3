/**
 * Runs one of the owner's commands as the owner would: `node scripts/<script> ...args`, without
 * the deployed store's credentials (so a command that got past its checks would open the local
 * store, never a site's). Resolves with its exit code and output; never rejects for a non-zero exit.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

export async function ownerCommand(
  script: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const { NETLIFY_SITE_ID: _site, NETLIFY_AUTH_TOKEN: _token, ...base } = process.env;
  try {
    const { stdout, stderr } = await run(process.execPath, [`scripts/${script}`, ...args], {
      env: { ...base, ...env },
      timeout: 30_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
