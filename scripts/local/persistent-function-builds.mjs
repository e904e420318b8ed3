/**
 * Makes `@netlify/dev` build each function once per server run instead of per request, which took seconds
 * (docs/performance.md). Editing a function then needs a restart. Patches `FunctionsHandler` once.
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
