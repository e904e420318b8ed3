/**
 * @jest-environment node
 */
// A dry run asked for the wrong way never runs for real (scripts/local/owner-command.mjs `parseCommand`): without
// `--`, npm keeps a dry-run option for itself and passes on only a variable, so every owner command that sends,
// changes or deletes stops on that variable before it opens a store or calls a server, exits 2 and says how to ask.
// Each command also refuses an option it does not know, with its usage.
import { execFile } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { ownerCommand } from "../../helpers/owner-command";

jest.setTimeout(60_000);

/** What npm passes on for each spelling of a dry run before `--` (checked against the real npm below). */
const NPM_KEEPS = [
  {
    variable: "npm_config_dry_run",
    spellings: ["--dry-run", "--dry_run", "--DRY-RUN", "-dry-run", "--dry", "--dry-run=true"],
  },
  { variable: "npm_config_dryrun", spellings: ["--dryrun", "--dryRun"] },
];

/** Each command that sends, changes or deletes, its arguments, and how to ask it for a dry run (null: it has none). */
const COMMANDS = [
  { name: "leads:summary", args: [], dryRun: 'Put it after "--": npm run leads:summary -- --dry-run' },
  {
    name: "leads:erase",
    args: ["jane@acme-mining.com"],
    dryRun: 'Put it after "--": npm run leads:erase -- <email> --dry-run',
  },
  { name: "leads:retry", args: [], dryRun: null },
  { name: "leads:follow-up", args: [], dryRun: null },
  { name: "leads:retention", args: [], dryRun: null },
];

/** Runs `npm run <name>`'s script as the owner's shell would, with `env` added. */
const run = (name: string, args: string[], env: Record<string, string>) =>
  ownerCommand(`${name.replace(":", "-")}.mjs`, args, env);

/** Every request that reaches it, as "METHOD /path": it stands in for SendGrid and for the local site. */
let received: string[];
let server: Server;
let env: Record<string, string>;

beforeAll(async () => {
  received = [];
  server = createServer((req, res) => {
    received.push(`${req.method} ${req.url}`);
    req.resume();
    res.writeHead(202, { "content-type": "application/json" }).end("{}");
  }).listen(0, "127.0.0.1");
  await once(server, "listening");
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Complete settings, so that a command that got past its checks would send, and reach this server only.
  env = {
    SITE_URL: url,
    URL: url,
    SENDGRID_API_KEY: "SG.dry-run-test",
    SENDGRID_API_BASE_URL: url,
    SALES_EMAIL: "sales@example.com",
    MAIL_FROM: "site@example.com",
    FORM_TOKEN_SECRET: "dry-run-test-form-secret-0123456789abcdef",
  };
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe.each(COMMANDS)("$name", ({ name, args, dryRun }) => {
  test.each(NPM_KEEPS)(
    "stops on $variable (from npm's $spellings): exit 2, how to ask, nothing sent or deleted",
    async ({ variable }) => {
      const { code, stdout, stderr } = await run(name, args, { ...env, [variable]: "true" });
      expect(code).toBe(2);
      expect(stderr).toContain(`Nothing was done: npm kept a dry-run option for itself (${variable}=true)`);
      expect(stderr).toContain(dryRun ?? "this command has no dry run.");
      expect(stderr).toContain(`Usage: npm run ${name}`);
      expect(stdout).toBe("");
      expect(received).toEqual([]);
    },
  );
});

test.each([...COMMANDS.map(({ name }) => name), "leads:export", "leads:report"])(
  "%s refuses an option it does not know, with its usage, before doing anything",
  async (name) => {
    const { code, stdout, stderr } = await run(name, ["--now"], env);
    expect(code).toBe(2);
    expect(stderr).toContain("Unknown option '--now'");
    expect(stderr).toContain(`Usage: npm run ${name}`);
    expect(stdout).toBe("");
    expect(received).toEqual([]);
  },
);

test("npm passes on each spelling of a dry run before `--` as the variable above, and nothing else", async () => {
  const dir = mkdtempSync(join(tmpdir(), "npm-dry-run-"));
  const script =
    'node -e "process.stdout.write(JSON.stringify({ env: process.env, argv: process.argv.slice(1) }))"';
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({ name: "probe", private: true, scripts: { probe: script } }),
  );
  // The npm running this test may have set variables of its own; the probe's npm starts clean.
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
  const probe = async (spelling: string) => {
    const { stdout } = await promisify(execFile)("npm", ["run", "-s", "probe", spelling], {
      cwd: dir,
      env: { ...clean, npm_config_update_notifier: "false" },
    });
    const { env: passed, argv } = JSON.parse(stdout) as { env: Record<string, string>; argv: string[] };
    return { spelling, variables: Object.keys(passed).filter((name) => /dry/i.test(name)), argv };
  };
  try {
    const expected = NPM_KEEPS.flatMap(({ variable, spellings }) =>
      spellings.map((spelling) => ({ spelling, variables: [variable], argv: [] })),
    );
    expect(await Promise.all(expected.map(({ spelling }) => probe(spelling)))).toEqual(expected);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
