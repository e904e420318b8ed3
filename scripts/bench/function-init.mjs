/**
 * The function bundles of `npm run bench` (docs/decisions/0007-perf-benchmark.md,
 * docs/decisions/0027-node-24-and-netlify-parity.md): each zip's size and, for INIT_FUNCTIONS, the
 * `import()` time of the unpacked bundle in a fresh Node process with only the core's settings.
 * CLI: `node scripts/bench/function-init.mjs [bundle-dir of zips to reuse] [--runs=N]`.
 */
import { spawnSync } from "node:child_process";
import { lstatSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import extract from "extract-zip";
import { bundleFunctions } from "../../build/function-bundles.mjs";
import { formatTable, median, waitForQuietCpu } from "./report.mjs";

const INIT_FUNCTIONS = ["send-contact-email", "form-token"];
// A cold start with only the core configured (netlify/lib/core/config.ts).
const CORE_ENV = { SENDGRID_API_KEY: "SG.x", SALES_EMAIL: "sales@example.com", MAIL_FROM: "web@example.com" };
const TIMER = "const t=performance.now();await import(process.argv[1]);console.log(performance.now()-t)";

/** Ms of `await import(file)` (an absolute path) in a fresh Node process seeing only `env`; throws if it fails. */
export function timeImport(file, env = CORE_ENV) {
  const args = ["--input-type=module", "-e", TIMER, pathToFileURL(file).href];
  const child = spawnSync(process.execPath, args, { env, encoding: "utf8" });
  if (child.status !== 0) throw new Error(`importing ${file} failed: ${child.stderr.trim()}`);
  return Number(child.stdout.trim().split("\n").at(-1));
}

/**
 * Bundles the functions (or reuses the zips in `bundleDir`) and times `runs` imports of each of INIT_FUNCTIONS.
 * @returns `{ cpuQuiet, functions: [{ name, zipKB, init?: { runs, medianMs, minMs, maxMs } }] }`; throws when
 *   bundling or an import fails, or a bundle links to node_modules outside itself.
 */
export async function measureFunctions({ root, bundleDir, runs = 7 }) {
  const work = mkdtempSync(join(tmpdir(), "function-init-"));
  try {
    const dir = bundleDir ?? join(work, "zips");
    if (!bundleDir) await bundleFunctions({ root, outDir: dir });
    const { quiet } = await waitForQuietCpu();
    const zips = readdirSync(dir).filter((f) => f.endsWith(".zip"));
    const functions = [];
    for (const zip of zips.sort()) {
      const name = zip.slice(0, -".zip".length);
      const fn = { name, zipKB: Number((statSync(join(dir, zip)).size / 1024).toFixed(1)) };
      if (INIT_FUNCTIONS.includes(name)) {
        const unpacked = join(work, name);
        await extract(join(dir, zip), { dir: unpacked });
        // A checkout whose node_modules is a symlink gets that link bundled instead of the packages.
        if (lstatSync(join(unpacked, "node_modules"), { throwIfNoEntry: false })?.isSymbolicLink())
          throw new Error(`${zip} links to a node_modules outside it; bundle from a real node_modules`);
        const entry = join(unpacked, "netlify", "functions", `${name}.mjs`);
        const ms = Array.from({ length: runs }, () => timeImport(entry));
        const r = (n) => Math.round(n * 10) / 10;
        fn.init = { runs, medianMs: r(median(ms)), minMs: r(Math.min(...ms)), maxMs: r(Math.max(...ms)) };
      }
      functions.push(fn);
    }
    return { cpuQuiet: quiet, functions };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The plain-text table of `measureFunctions`' functions. */
export const functionTable = (functions) =>
  formatTable(
    ["function", "zip KB", "init runs", "init median ms", "min ms", "max ms"],
    functions.map((f) => [f.name, f.zipKB, f.init?.runs, f.init?.medianMs, f.init?.minMs, f.init?.maxMs]),
  );

if (import.meta.main) {
  const runs = Number(process.argv.find((a) => a.startsWith("--runs="))?.slice("--runs=".length)) || 7;
  const bundleDir = process.argv.slice(2).find((a) => !a.startsWith("--"));
  const root = resolve(import.meta.dirname, "..", "..");
  const result = await measureFunctions({ root, bundleDir: bundleDir && resolve(bundleDir), runs });
  console.log(functionTable(result.functions) + (result.cpuQuiet ? "" : "\n(CPUs busy: less comparable)"));
}
