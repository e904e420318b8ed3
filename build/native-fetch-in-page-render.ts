// Gatsby's node-fetch 2 in the page render pulls in the deprecated `punycode`, printed as ` ERROR  UNKNOWN`
// by a build that succeeds (docs/requirements.md#site-content-and-local-server; build/INTERNALS.md).

type Plugin = { constructor?: { name?: string }; definitions?: Record<string, unknown> };

const PAGE_RENDER_STAGES = new Set(["build-html", "develop-html"]);
const PROVIDED = ["fetch", "global.fetch"];

const providesFetch = (plugin: unknown): plugin is Required<Plugin> =>
  (plugin as Plugin)?.constructor?.name === "ProvidePlugin" &&
  PROVIDED.some((name) => Object.hasOwn((plugin as Plugin).definitions ?? {}, name));

/** Removes Gatsby's `fetch` provision from `stage`'s webpack config in place; true when changed. @throws unless exactly one */
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
