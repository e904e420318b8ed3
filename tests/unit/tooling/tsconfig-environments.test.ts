/**
 * One tsconfig per environment (docs/requirements.md#lead-path-and-alerts), so `process` (beyond the
 * build-time GATSBY_* variables) in browser code and `window` in server code fail type-checking. Each check
 * compiles small in-memory modules with the options of tsconfig.browser.json or tsconfig.node.json, placed
 * where that project's code lives, next to one that must pass, so a check cannot pass by failing everything.
 */
import { join } from "node:path";
import ts from "typescript";

const root = join(__dirname, "..", "..", "..");

/** Diagnostics per in-memory module, compiled with the options of `configFile`. */
function typeCheck(configFile: string, modules: Record<string, string>): Record<string, string[]> {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, configFile),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
      },
    },
  );
  if (!config) throw new Error(`${configFile} could not be read`);
  const files = new Map(Object.entries(modules).map(([path, text]) => [join(root, path), text]));
  const host = ts.createCompilerHost(config.options);
  const fileExists = host.fileExists.bind(host);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.fileExists = (file) => files.has(file) || fileExists(file);
  host.readFile = (file) => files.get(file) ?? readFile(file);
  host.getSourceFile = (file, language, ...rest) => {
    const text = files.get(file);
    return text === undefined
      ? getSourceFile(file, language, ...rest)
      : ts.createSourceFile(file, text, language, true);
  };
  // The project's own declaration files (its globals) plus the modules under test.
  const declarations = config.fileNames.filter((file) => file.endsWith(".d.ts"));
  const program = ts.createProgram([...declarations, ...files.keys()], config.options, host);
  const byModule: Record<string, string[]> = {};
  for (const [path, file] of Object.entries(modules).map(([p]) => [p, join(root, p)])) {
    byModule[path] = ts
      .getPreEmitDiagnostics(program, program.getSourceFile(file))
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, " "));
  }
  return byModule;
}

test("browser code cannot read Node's process or Buffer, only the GATSBY_* variables", () => {
  const result = typeCheck("tsconfig.browser.json", {
    // gatsby's own types reach Node's through sharp's; importing it must not let them in.
    "src/env-check-server-secret.tsx": [
      'import { Link } from "gatsby";',
      "export const link = Link;",
      "export const key = process.env.SENDGRID_API_KEY;",
      'export const bytes = Buffer.from("x");',
    ].join("\n"),
    "src/env-check-browser.tsx": [
      'import { Link } from "gatsby";',
      "export const link = Link;",
      "export const repo = process.env.GATSBY_CMS_GITHUB_REPO;",
      "export const mode = process.env.NODE_ENV;",
      "export const href = window.location.href;",
    ].join("\n"),
  });
  expect(result["src/env-check-browser.tsx"]).toEqual([]);
  const errors = result["src/env-check-server-secret.tsx"].join("\n");
  expect(errors).toMatch(/SENDGRID_API_KEY/);
  expect(errors).toMatch(/Cannot find name 'Buffer'/);
}, 120_000);

test("server code cannot use the DOM's window or document", () => {
  const result = typeCheck("tsconfig.node.json", {
    "netlify/lib/env-check-dom.ts": [
      "export const href = window.location.href;",
      "export const title = document.title;",
    ].join("\n"),
    "netlify/lib/env-check-server.ts": [
      'import type { Context } from "@netlify/functions";',
      "export const key = process.env.SENDGRID_API_KEY;",
      "export default async (req: Request, _context: Context) => new Response(new URL(req.url).pathname);",
    ].join("\n"),
  });
  expect(result["netlify/lib/env-check-server.ts"]).toEqual([]);
  const errors = result["netlify/lib/env-check-dom.ts"].join("\n");
  expect(errors).toMatch(/Cannot find name 'window'/);
  expect(errors).toMatch(/Cannot find name 'document'/);
}, 120_000);
