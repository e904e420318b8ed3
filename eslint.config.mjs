import js from "@eslint/js";
import tseslint from "typescript-eslint";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import jsxA11y from "eslint-plugin-jsx-a11y";
import globals from "globals";

export default tseslint.config(
  {
    ignores: [
      "public/",
      ".cache/",
      "node_modules/",
      ".netlify/",
      ".data/",
      "test-results/",
      "playwright-report/",
      "bench/results/",
      "src/gatsby-types.d.ts",
    ],
  },
  js.configs.recommended,
  // Type-aware rules (floating promises, unsafe any, ...): each file is linted with the types of
  // its own tsconfig project (tsconfig.json's references), found by the project service.
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
  },
  {
    files: ["**/*.{ts,tsx,mts,js,mjs,cjs,jsx}"],
    plugins: { react, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    languageOptions: {
      globals: { ...globals.browser, ...globals.node, ...globals.jest },
      parserOptions: { ecmaFeatures: { jsx: true } },
    },
    settings: { react: { version: "18" } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs["jsx-runtime"].rules,
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.strict.rules,
      "react/prop-types": "off",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      // An async method that implements an async interface without awaiting (in-memory stores,
      // test fakes, act(async () => ...)) is the clear form; the mistake this rule aims at, a
      // forgotten await, is what no-floating-promises and no-misused-promises report.
      "@typescript-eslint/require-await": "off",
      // React ignores what an event handler returns; react-hook-form's handleSubmit(...) returns a
      // promise, and the form's submit handler reports failures itself. Every other void-return
      // position is still checked.
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // Jest's asymmetric matchers (expect.any, expect.stringMatching, expect.arrayContaining) are
    // typed `any`, and tests put them in the objects they compare; everything else stays checked.
    files: ["tests/**"],
    rules: { "@typescript-eslint/no-unsafe-assignment": "off" },
  },
  {
    files: ["**/*.{js,cjs}"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    // Plain JavaScript (scripts/, plugins/, configs) is linted without type information; tsc only infers its types.
    files: ["**/*.{js,mjs,cjs}"],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
