/** Jest for Gatsby, per https://www.gatsbyjs.com/docs/how-to/testing/unit-testing/ */
module.exports = {
  testEnvironment: "jsdom",
  transform: {
    "^.+\\.[jt]sx?$": "<rootDir>/jest-preprocess.js",
    "^.+\\.mts$": "<rootDir>/jest-preprocess.js",
    "^.+\\.mjs$": "<rootDir>/jest-preprocess.js",
  },
  moduleFileExtensions: ["ts", "tsx", "mts", "js", "jsx", "mjs", "json"],
  moduleNameMapper: {
    ".+\\.(css|styl|less|sass|scss)$": "identity-obj-proxy",
    ".+\\.(jpg|jpeg|png|gif|eot|otf|webp|svg|ttf|woff|woff2|mp4|webm|wav|mp3|m4a|aac|oga)$":
      "<rootDir>/__mocks__/file-mock.js",
    // An ES module that loads its list with createRequire(import.meta.url), which Jest's CommonJS
    // cannot run: here it is its list itself (netlify/lib/add-ons/email-class/email-class.ts).
    "^email-providers$": "<rootDir>/node_modules/email-providers/all.json",
  },
  testPathIgnorePatterns: ["node_modules", "\\.cache", "<rootDir>.*/public", "<rootDir>/tests/e2e"],
  transformIgnorePatterns: [
    "node_modules/(?!(gatsby|gatsby-script|gatsby-link|p-retry|p-timeout|p-throttle|is-network-error)/)",
  ],
  globals: { __PATH_PREFIX__: "" },
  setupFiles: ["<rootDir>/loadershim.js"],
  setupFilesAfterEnv: ["<rootDir>/tests/setup/setup-test-env.ts"],
  testMatch: [
    "<rootDir>/tests/unit/**/*.test.{ts,tsx,mts}",
    "<rootDir>/src/**/*.test.{ts,tsx}",
    "<rootDir>/netlify/**/*.test.{ts,mts}",
  ],
};
