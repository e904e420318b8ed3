import type { Compiler } from "webpack";

/** The id React DOM's client entry gets in the browser bundle (read by src/build/scripts-after-first-paint.ts). */
export const REACT_DOM_CLIENT_ID = "react-dom-client";
const REACT_DOM_CLIENT = /[\\/]node_modules[\\/]react-dom[\\/]client\.js$/;

/**
 * Webpack plugin (added for Gatsby's `build-javascript` stage in gatsby-node): gives
 * `react-dom/client` the fixed module id {@link REACT_DOM_CLIENT_ID} instead of a hash-based number,
 * so the page loader can run React DOM's start-up in the framework chunk's own task (issue 5, TBT;
 * see src/build/scripts-loader.ts `Prewarm`). It runs before webpack's deterministic ids, which
 * then leave the module alone; every other id is unchanged.
 */
export class PinReactDomClientId {
  apply(compiler: Compiler): void {
    compiler.hooks.compilation.tap("PinReactDomClientId", (compilation) => {
      compilation.hooks.moduleIds.tap({ name: "PinReactDomClientId", stage: -100 }, (modules) => {
        for (const module of modules) {
          const resource = (module as { resource?: unknown }).resource;
          if (typeof resource === "string" && REACT_DOM_CLIENT.test(resource)) {
            compilation.chunkGraph.setModuleId(module, REACT_DOM_CLIENT_ID);
          }
        }
      });
    });
  }
}
