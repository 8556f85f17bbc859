import js from "@eslint/js";
import tseslint from "typescript-eslint";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import jsxA11y from "eslint-plugin-jsx-a11y";
import globals from "globals";

export default tseslint.config(
  {
    ignores: [
      "node_modules",
      "build",
      ".e2e",
      "data",
      "uploads",
      "test-results",
      "playwright-report",
      "bench",
      ".cache",
      "release",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Migrations are frozen in time and typed `Kysely<any>` on purpose.
    files: ["migrations/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // Models hold the rules: they speak neither HTTP nor React, and know no route or component.
    files: ["app/models/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@remix-run/*"],
              message: "Models don't speak HTTP: parse requests in app/forms, answer in routes.",
            },
            {
              group: [
                "~/routes/*",
                "../routes/*",
                "~/components/*",
                "../components/*",
                "react",
                "react-dom",
              ],
              message: "Models never import routes or components.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { react, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    settings: { react: { version: "18" } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs["jsx-runtime"].rules,
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.recommended.rules,
      "react/prop-types": "off",
      "react/no-unescaped-entities": "off",
    },
  },
);
