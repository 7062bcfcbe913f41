import fs from "node:fs";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * Import layers (docs/architecture.md): routes -> features -> components -> lib -> db. A layer imports only
 * the layers below it, a feature does not import another feature, and crossing folders goes through "~/".
 */
const deepRelative = { group: ["../../*"], message: 'Import across folders with "~/", not "../../".' };

/**
 * @param {string} files
 * @param {{ group: string[]; message: string }[]} patterns
 * @returns {import("eslint").Linter.Config}
 */
const restrictImports = (files, patterns) => ({
  files: [files],
  ignores: ["**/*.test.{ts,tsx}"],
  rules: { "no-restricted-imports": ["error", { patterns: [...patterns, deepRelative] }] },
});

/** @param {string} layer @param {string[]} above @param {string[]} [allowed] modules of the layers above it may use */
const belowLayers = (layer, above, allowed = []) =>
  restrictImports(`app/${layer}/**/*.{ts,tsx}`, [
    {
      group: [...above.map((name) => `~/${name}/*`), ...allowed.map((module) => `!${module}`)],
      message: `app/${layer} sits below ${above.join(", ")} (docs/architecture.md): move what is shared down a layer.`,
    },
  ]);

const featureNames = fs
  .readdirSync("app/features", { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const layerRules = [
  // The logger is a sink for every layer and imports nothing of ours (ADR 025).
  belowLayers("db", ["lib", "components", "features", "routes"], ["~/lib/log.server"]),
  belowLayers("lib", ["components", "features", "routes"]),
  belowLayers("components", ["features", "routes"]),
  ...featureNames.map((name) =>
    restrictImports(`app/features/${name}/**/*.{ts,tsx}`, [
      { group: ["~/routes/*"], message: "Features sit below routes (docs/architecture.md)." },
      {
        group: ["~/features/*", `!~/features/${name}/*`],
        message: `Features do not import each other (docs/architecture.md): move what ${name} needs down to lib/ or components/.`,
      },
    ]),
  ),
  restrictImports("app/routes/**/*.{ts,tsx}", []),
];

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "data/", "app/db/migrations/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  ...layerRules,
);
