/**
 * Runs one of the owner's commands as the owner would: `node scripts/<script> ...args`, from `cwd`
 * (the project root unless given; its `.env` is read), without the deployed store's credentials (so a
 * command that got past its checks would open the local store, never a site's). Resolves with its
 * exit code and output; never rejects for a non-zero exit.
 */
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const root = join(__dirname, "..", "..");

export async function ownerCommand(
  script: string,
  args: string[],
  env: Record<string, string> = {},
  cwd = root,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const { NETLIFY_SITE_ID: _site, NETLIFY_AUTH_TOKEN: _token, ...base } = process.env;
  try {
    const { stdout, stderr } = await run(process.execPath, [join(root, "scripts", script), ...args], {
      cwd,
      env: { ...base, ...env },
      timeout: 30_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
