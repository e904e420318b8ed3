/**
 * @jest-environment node
 */
// A build prints its page table once. Gatsby's interactive logger draws the table in its live region and draws it
// again under the build's last line, erasing the first copy only on a terminal taller than the table; so each
// `gatsby build` of ours (npm run build, build:netlify, npm start's) uses Gatsby's line logger, as Netlify's build does.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const root = join(__dirname, "..", "..", "..");
const read = (path: string) => readFileSync(join(root, path), "utf8");
const { scripts } = JSON.parse(read("package.json")) as { scripts: Record<string, string> };

// Gatsby's reporter as `gatsby build` ends: the page table, then the last line.
const BUILD_END = `
const reporter = require("gatsby-cli/lib/reporter");
const index = "/site/src/pages/index.tsx";
reporter._renderPageTree({
  root: "/site",
  components: new Map([[index, { componentPath: index, pages: new Set(["/"]), isSlice: false }]]),
  functions: new Map(),
  pages: new Map([["/", { path: "/", mode: "SSG", componentPath: index }]]),
});
reporter.info("Done building");
setTimeout(() => process.exit(0), 300);
`;

/** How many page tables the end of a build prints into a pipe with GATSBY_LOGGER at `logger`. */
function pageTables(logger: string | undefined): number {
  // Outside CI, where Gatsby would pick its line logger itself.
  const env: NodeJS.ProcessEnv = { ...process.env, GATSBY_LOGGER: logger };
  for (const name of ["CI", ...(logger === undefined ? ["GATSBY_LOGGER"] : [])]) delete env[name];
  const run = spawnSync(process.execPath, ["-e", BUILD_END], {
    cwd: root,
    env,
    encoding: "utf8",
    timeout: 60_000,
  });
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
  return run.stdout.split("Generated at build time").length - 1;
}

const builds: [string, string | undefined][] = [
  ...Object.entries(scripts)
    .filter(([, command]) => command.includes("gatsby build"))
    .map(([name, command]): [string, string | undefined] => [
      `npm run ${name}`,
      /\bGATSBY_LOGGER=(\w+) [^&]*gatsby build/.exec(command)?.[1],
    ]),
  ["npm start", /process\.env\.GATSBY_LOGGER \?\?= "(\w+)"/.exec(read("scripts/start.mjs"))?.[1]],
];

test("the builds are npm run build, build:netlify and npm start's", () => {
  expect(builds.map(([name]) => name)).toEqual(["npm run build", "npm run build:netlify", "npm start"]);
});

test.each(builds)("%s prints the page table once", (_, logger) => {
  expect(pageTables(logger)).toBe(1);
});
