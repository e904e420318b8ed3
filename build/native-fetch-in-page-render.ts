/**
 * The page render uses Node's own `fetch` (docs/requirements.md#site-content-and-local-server: a build that
 * succeeds prints no ERROR). Gatsby's `build-html` and `develop-html` stages provide node-fetch 2 for every bare
 * `fetch` in page code (react-hook-form has one); node-fetch's `tr46` then requires Node's deprecated
 * `punycode` from `.cache/`, and Gatsby prints that warning as ` ERROR  UNKNOWN`. Node 24 has `fetch`, and no
 * page fetches while it renders, so the provision is dropped (build/INTERNALS.md).
 */

type Plugin = { constructor?: { name?: string }; definitions?: Record<string, unknown> };

const PAGE_RENDER_STAGES = new Set(["build-html", "develop-html"]);
const PROVIDED = ["fetch", "global.fetch"];

const providesFetch = (plugin: unknown): plugin is Required<Plugin> =>
  (plugin as Plugin)?.constructor?.name === "ProvidePlugin" &&
  PROVIDED.some((name) => Object.hasOwn((plugin as Plugin).definitions ?? {}, name));

/**
 * Removes Gatsby's `fetch` provision from a page-render stage's webpack config, in place.
 * @param config the stage's webpack config (`getConfig()`)
 * @param stage Gatsby's stage name
 * @returns whether `config` changed (then hand it to `replaceWebpackConfig`)
 * @throws {Error} in a page-render stage without exactly one such provision (an upgrade changed it)
 */
export function dropNodeFetchFromPageRender(config: { plugins?: unknown[] }, stage: string): boolean {
  if (!PAGE_RENDER_STAGES.has(stage)) return false;
  const providers = (config.plugins ?? []).filter(providesFetch);
  if (providers.length !== 1) {
    throw new Error(
      `expected one ProvidePlugin of fetch in Gatsby's ${stage} webpack config, found ${providers.length} (build/INTERNALS.md)`,
    );
  }
  const [provider] = providers;
  for (const name of PROVIDED) delete provider.definitions[name];
  if (Object.keys(provider.definitions).length === 0) {
    config.plugins = (config.plugins ?? []).filter((plugin) => plugin !== provider);
  }
  return true;
}
