/**
 * Node 20.19+ resolves the "module-sync" export condition (require of ES modules), but
 * the file tracer that @netlify/dev uses to bundle functions only follows that condition
 * when it runs on Node 22+. On Node 20 a function that depends on such a package
 * (@sendgrid/mail -> axios -> ... -> async-function) then fails with "Cannot find module
 * .../require.mjs". Netlify runs Node 22, so only local runs on Node 20 need help: this
 * re-runs the current script without require(esm), which makes Node pick the traced file.
 *
 * @returns {boolean} true when the script was re-spawned (the caller must do nothing else;
 *   this process exits with the child's code and forwards SIGINT/SIGTERM).
 */
import { spawn } from "node:child_process";

export function rerunWithoutRequireEsm(scriptPath) {
  const major = Number(process.versions.node.split(".")[0]);
  if (major >= 22 || !process.features.require_module) return false;
  const child = spawn(
    process.execPath,
    ["--no-experimental-require-module", ...process.execArgv, scriptPath, ...process.argv.slice(2)],
    {
      stdio: "inherit",
    },
  );
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return true;
}
