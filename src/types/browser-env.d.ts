/**
 * All of `process` that browser code may use: webpack replaces `process.env.NODE_ENV` and every
 * `process.env.GATSBY_*` with its value at build time (Gatsby's rule for variables the browser may
 * see). Any other name, a server secret included, fails type-checking.
 */
declare const process: {
  readonly env: {
    readonly NODE_ENV: "development" | "production" | "test";
    readonly [name: `GATSBY_${string}`]: string | undefined;
  };
};
