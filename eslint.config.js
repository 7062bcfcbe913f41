import fs from "node:fs";
import path from "node:path";
import js from "@eslint/js";
import importX, { createNodeResolver } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * Import boundaries (docs/architecture.md, ADR 019): routes -> features -> components -> lib -> db, a feature
 * does not import another feature, no cycles. The rules resolve every import to a file (relative, "~/" and
 * dynamic `import()` alike), so the form of the specifier cannot slip past them. Tests are exempt.
 */
const root = import.meta.dirname;
const at = (/** @type {string[]} */ ...parts) => path.join(root, ...parts);
const code = ["**/*.{ts,tsx,js}"];
const tests = ["**/*.test.{ts,tsx}"];

const featureNames = fs
  .readdirSync(at("app/features"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The shell above the routes: the document, the entries, the route tables, and the page scripts of pages
 * without React (app/enhance, ADR 055), which are entries of their own.
 */
const shell = [
  "root.tsx",
  "entry.server.tsx",
  "entry.client.tsx",
  "routes.ts",
  "public-routes.ts",
  "enhance",
].map((file) => at("app", file));
/** Everything outside the app: the app never reaches up into its runners. */
const outside = ["server", "cli", "bench", "tests", "scripts"].map((dir) => at(dir));
/** A feature's React parts: only routes render them. */
const featureUi = [at("app/features/**/components/**"), at("app/features/**/*.tsx")];

const below = (/** @type {string} */ layer, /** @type {string[]} */ above) =>
  `app/${layer} sits below ${above.join(", ")} (docs/architecture.md): move what is shared down a layer.`;

/** @type {{ target: string | string[]; from: string | string[]; except?: string[]; message: string }[]} */
const zones = [
  {
    target: at("app"),
    from: outside,
    message: "The app does not import its runners (server/, cli/, bench/, tests/, scripts/).",
  },
  {
    target: at("app/db"),
    from: at("app/lib"),
    // The logger is a sink for every layer and imports nothing of ours (ADR 026).
    except: ["log.server.ts"],
    message: below("db", ["lib"]),
  },
  {
    target: at("app/db"),
    from: [at("app/components"), at("app/features"), at("app/routes"), ...shell],
    message: below("db", ["lib", "components", "features", "routes"]),
  },
  {
    target: at("app/lib"),
    from: [at("app/components"), at("app/features"), at("app/routes"), ...shell],
    message: below("lib", ["components", "features", "routes"]),
  },
  {
    target: at("app/components"),
    from: [at("app/features"), at("app/routes"), ...shell],
    message: below("components", ["features", "routes"]),
  },
  ...featureNames.map((name) => ({
    target: at("app/features", name),
    from: at("app/features"),
    except: [name],
    message: `Features do not import each other (docs/architecture.md): move what ${name} needs down to lib/ or components/.`,
  })),
  {
    target: at("app/features"),
    from: [at("app/routes"), ...shell],
    message: "Features sit below routes (docs/architecture.md).",
  },
  // The Node entry embeds the app through its build entry (virtual:react-router/server-build): pages and
  // their parts reach it only that way. Directly it uses db, lib, the public URL table and features' server
  // functions (workers, maintenance).
  {
    target: at("server"),
    from: [
      at("app/routes"),
      at("app/components"),
      ...shell.filter((file) => !file.endsWith("public-routes.ts")),
    ],
    message: "server/ reaches routes and components only through the build entry (docs/architecture.md).",
  },
  {
    target: at("server"),
    from: featureUi,
    message: "server/ reaches routes and components only through the build entry (docs/architecture.md).",
  },
  // The CLI works on data: db, lib and features' server functions and schemas, never pages.
  {
    target: at("cli"),
    from: [at("app/routes"), at("app/components"), at("server"), ...shell],
    message: "cli/ uses db, lib and features' server functions, not routes, components or the web server.",
  },
  {
    target: at("cli"),
    from: featureUi,
    message: "cli/ uses db, lib and features' server functions, not routes, components or the web server.",
  },
  { target: at("server"), from: at("cli"), message: "server/ does not import cli/." },
];

/**
 * @param {string} file
 * @returns {string} the folder a relative import may not leave: a feature, another layer of app/, app/ itself
 */
const folderOf = (file) => {
  const [top, layer, name] = path.relative(root, file).split(path.sep);
  if (top !== "app") return top ?? "";
  if (name === undefined) return "app";
  return layer === "features" ? `app/features/${name}` : `app/${layer}`;
};

/**
 * Inside a folder (a feature, a layer), relative imports; across folders, "~/", so a move shows in the import.
 * A convention, not a boundary: the boundaries are the zones above, which resolve the import whatever its form.
 * @type {import("eslint").Rule.RuleModule}
 */
const relativeStaysInside = {
  meta: { type: "suggestion", schema: [] },
  create(context) {
    const from = folderOf(context.physicalFilename);
    /** @param {import("estree").Node | null | undefined} source */
    const check = (source) => {
      const specifier = source?.type === "Literal" && typeof source.value === "string" ? source.value : "";
      // React Router's generated route types sit beside their module (tsconfig rootDirs).
      if (!source || !specifier.startsWith(".") || specifier.startsWith("./+types/")) {
        return;
      }
      const to = folderOf(path.resolve(path.dirname(context.physicalFilename), specifier));
      if (to !== from) {
        context.report({ node: source, message: `Import across folders with "~/" (${from} -> ${to}).` });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

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
  {
    files: code,
    ignores: tests,
    plugins: { "import-x": importX, local: { rules: { "relative-stays-inside": relativeStaysInside } } },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [
        createNodeResolver({
          extensions: [".ts", ".tsx", ".js", ".json"],
          tsconfig: { configFile: at("tsconfig.json") },
        }),
      ],
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { basePath: root, zones }],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  { files: ["app/**/*.{ts,tsx}"], ignores: tests, rules: { "local/relative-stays-inside": "error" } },
  {
    // A module past 500 lines holds more than one idea: split it by what it does. Tests are lists of cases
    // and stay whole; bench scripts are one measurement each.
    files: ["app/**/*.{ts,tsx}", "server/**/*.{ts,js}", "cli/**/*.ts", "scripts/**/*.{ts,mjs}"],
    ignores: tests,
    rules: { "max-lines": ["error", { max: 500 }] },
  },
);
