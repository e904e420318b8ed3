/**
 * Makes `@netlify/dev` build each Netlify Function once per server run instead of once
 * per request.
 *
 * `NetlifyDev.handle()` gives every request a fresh temporary build directory, so every
 * function call re-bundles the function (esbuild and file tracing of all it imports), which made
 * a local demo request take seconds (docs/performance.md).
 * This patch routes the first call of each function to a persistent build directory and
 * every later call to that build. The rest of the chain (routing, headers, Blobs context,
 * the worker that runs the function) stays Netlify's own code.
 * Trade-off: editing a function needs a server restart (npm start serves a production
 * build anyway; `gatsby develop` does not run functions).
 *
 * @param {string} buildDirectory absolute path that holds the one build per function
 * @returns {void} patches `FunctionsHandler.prototype.invoke` once; later calls are no-ops
 */
import { FunctionsHandler } from "@netlify/functions-dev";

const PATCHED = Symbol.for("persistent-function-builds");

export function enablePersistentFunctionBuilds(buildDirectory) {
  const proto = FunctionsHandler.prototype;
  if (proto[PATCHED]) return;
  const invoke = proto.invoke;
  /** @type {WeakMap<object, Promise<unknown>>} */
  const firstCalls = new WeakMap();

  proto.invoke = async function invokeWithPersistentBuild(request, route, func) {
    // `undefined` makes the handler reuse the function's last build instead of rebuilding.
    this.globalBuildDirectory = undefined;
    const firstCall = firstCalls.get(func);
    if (!firstCall) {
      const call = invoke.call(this, request, route, func, buildDirectory);
      firstCalls.set(
        func,
        call.catch(() => undefined),
      );
      return call;
    }
    await firstCall;
    return invoke.call(this, request, route, func, undefined);
  };
  proto[PATCHED] = true;
}
