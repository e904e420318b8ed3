/** The `process.env` names webpack inlines for the browser (NODE_ENV, GATSBY_*); any other fails type-checking. */
declare const process: {
  readonly env: {
    readonly NODE_ENV: "development" | "production" | "test";
    readonly [name: `GATSBY_${string}`]: string | undefined;
  };
};
