/**
 * The import boundaries of eslint.config.js hold: planted imports in each forbidden direction are reported,
 * whatever the form of the specifier (relative, "~/", dynamic), and the allowed ones are not. Each planted
 * file is linted as text at a path inside the project; the modules it imports are real ones.
 */
import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, test, vi } from "vitest";

const root = import.meta.dirname;
// The first lint of a file walks the import graph for no-cycle: seconds on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, "eslint.config.js") });

/** The rules that report each kind of breach. */
const boundary = "import-x/no-restricted-paths";
const cycle = "import-x/no-cycle";
const style = "local/relative-stays-inside";

async function reportedRules(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  if (!result) throw new Error(`ESLint returned no result for ${filePath}`);
  return result.messages.map((message) => message.ruleId ?? message.message);
}

const staticImport = (specifier: string) => `import "${specifier}";\n`;
const dynamicImport = (specifier: string) => `export const load = () => import("${specifier}");\n`;

/** Fails loudly if a module a case relies on moved: an unresolved import is silently allowed by the rules. */
function expectModule(file: string) {
  expect(fs.existsSync(path.join(root, file)), `${file} exists (update this test if it moved)`).toBe(true);
}

describe("forbidden imports are reported", () => {
  test.each([
    // [planted file, import code, a module it reaches]
    [
      "app/lib/planted.ts",
      staticImport("../features/leads/lead-format"),
      "app/features/leads/lead-format.ts",
    ],
    ["app/lib/planted.ts", staticImport("~/features/leads/lead-format"), "app/features/leads/lead-format.ts"],
    ["app/lib/planted.ts", staticImport("../routes/account"), "app/routes/account.tsx"],
    ["app/lib/planted.ts", dynamicImport("~/routes/account"), "app/routes/account.tsx"],
    ["app/lib/planted.ts", dynamicImport("../components/ui/button"), "app/components/ui/button.tsx"],
    ["app/lib/planted.ts", staticImport("~/root"), "app/root.tsx"],
    ["app/db/planted.ts", staticImport("../lib/permissions"), "app/lib/permissions.ts"],
    ["app/db/planted.ts", staticImport("~/lib/permissions"), "app/lib/permissions.ts"],
    ["app/db/planted.ts", dynamicImport("~/lib/permissions"), "app/lib/permissions.ts"],
    [
      "app/components/ui/planted.tsx",
      staticImport("~/features/auth/auth.schema"),
      "app/features/auth/auth.schema.ts",
    ],
    [
      "app/components/ui/planted.tsx",
      staticImport("../../features/auth/auth.schema"),
      "app/features/auth/auth.schema.ts",
    ],
    [
      "app/features/leads/planted.ts",
      staticImport("~/features/blog/catalogue"),
      "app/features/blog/catalogue.ts",
    ],
    ["app/features/leads/planted.ts", staticImport("../blog/catalogue"), "app/features/blog/catalogue.ts"],
    [
      "app/features/leads/import/planted.ts",
      dynamicImport("~/features/blog/catalogue"),
      "app/features/blog/catalogue.ts",
    ],
    ["app/features/leads/planted.ts", staticImport("~/routes/account"), "app/routes/account.tsx"],
    ["app/features/leads/planted.ts", staticImport("~/public-routes"), "app/public-routes.ts"],
    ["app/lib/planted.ts", staticImport("../../server/metrics"), "server/metrics.ts"],
    ["app/lib/planted.ts", staticImport("../../tests/support/databases"), "tests/support/databases.ts"],
    ["server/planted.ts", staticImport("~/routes/account"), "app/routes/account.tsx"],
    ["server/planted.ts", staticImport("../app/routes/account"), "app/routes/account.tsx"],
    ["server/planted.ts", staticImport("~/components/ui/button"), "app/components/ui/button.tsx"],
    [
      "server/planted.ts",
      dynamicImport("~/features/leads/components/lead-card"),
      "app/features/leads/components/lead-card.tsx",
    ],
    ["server/planted.ts", staticImport("~/root"), "app/root.tsx"],
    ["server/planted.ts", staticImport("../cli/with-database"), "cli/with-database.ts"],
    ["cli/planted.ts", staticImport("~/routes/account"), "app/routes/account.tsx"],
    ["cli/planted.ts", staticImport("~/components/ui/button"), "app/components/ui/button.tsx"],
    ["cli/planted.ts", dynamicImport("../app/components/ui/button"), "app/components/ui/button.tsx"],
    [
      "cli/planted.ts",
      staticImport("~/features/leads/components/lead-card"),
      "app/features/leads/components/lead-card.tsx",
    ],
    ["cli/planted.ts", staticImport("~/public-routes"), "app/public-routes.ts"],
    ["cli/planted.ts", staticImport("../server/metrics"), "server/metrics.ts"],
  ])("%s: %s", async (file, code, target) => {
    expectModule(target);
    expect(await reportedRules(file, code)).toContain(boundary);
  });

  test("a cycle, here db/enums.ts importing db/schema.ts that imports it", async () => {
    // The cycle is planted by linting enums.ts with an import of schema.ts, whose table files import
    // enums.ts on disk.
    expect(fs.readFileSync(path.join(root, "app/db/schema/pg-enums.ts"), "utf8")).toMatch(
      /from "\.\.\/enums"/,
    );
    expect(await reportedRules("app/db/enums.ts", staticImport("./schema"))).toContain(cycle);
    expect(await reportedRules("app/db/enums.ts", dynamicImport("~/db/schema"))).toContain(cycle);
  });

  test("a relative import that leaves its folder, even one the layers allow", async () => {
    const rules = await reportedRules("app/features/leads/planted.ts", staticImport("../../lib/utils"));
    expect(rules).toEqual([style]);
  });
});

describe("allowed imports are not reported", () => {
  test.each([
    [
      "app/features/leads/import/planted.ts",
      staticImport("../lead-format"),
      "app/features/leads/lead-format.ts",
    ],
    [
      "app/features/leads/import/planted.ts",
      staticImport("../../leads/leads.schema"),
      "app/features/leads/leads.schema.ts",
    ],
    [
      "app/features/leads/components/planted.tsx",
      staticImport("~/features/leads/import/columns"),
      "app/features/leads/import/columns.ts",
    ],
    [
      "app/features/leads/planted.ts",
      dynamicImport("~/features/leads/lead-format"),
      "app/features/leads/lead-format.ts",
    ],
    ["app/features/leads/planted.ts", staticImport("~/components/ui/button"), "app/components/ui/button.tsx"],
    ["app/components/ui/planted.tsx", staticImport("~/lib/utils"), "app/lib/utils.ts"],
    ["app/lib/planted.ts", staticImport("~/db/enums"), "app/db/enums.ts"],
    // The logger is the one module of lib that db may use (ADR 026).
    ["app/db/planted.ts", staticImport("~/lib/log.server"), "app/lib/log.server.ts"],
    [
      "app/routes/admin/planted.tsx",
      staticImport("~/features/leads/components/lead-card"),
      "app/features/leads/components/lead-card.tsx",
    ],
    ["app/routes/site/planted.tsx", staticImport("~/root"), "app/root.tsx"],
    ["server/planted.ts", staticImport("~/public-routes"), "app/public-routes.ts"],
    [
      "server/planted.ts",
      staticImport("~/features/auth/user-admin.server"),
      "app/features/auth/user-admin.server.ts",
    ],
    ["server/planted.ts", staticImport("~/db/client.server"), "app/db/client.server.ts"],
    [
      "cli/planted.ts",
      staticImport("~/features/auth/user-admin.server"),
      "app/features/auth/user-admin.server.ts",
    ],
    ["cli/planted.ts", staticImport("~/features/leads/leads.schema"), "app/features/leads/leads.schema.ts"],
    ["cli/planted.ts", staticImport("~/lib/env.server"), "app/lib/env.server.ts"],
    // Tests sit above every layer.
    [
      "app/lib/planted.test.ts",
      staticImport("~/features/leads/lead-format"),
      "app/features/leads/lead-format.ts",
    ],
  ])("%s: %s", async (file, code, target) => {
    expectModule(target);
    expect(await reportedRules(file, code)).toEqual([]);
  });
});

describe("module size", () => {
  test("a module of 501 lines is reported, one of 500 is not; tests are not held to it", async () => {
    const lines = (n: number) =>
      Array.from({ length: n }, (_, i) => `export const line${i} = ${i};`).join("\n") + "\n";
    expect(await reportedRules("app/lib/planted.ts", lines(501))).toContain("max-lines");
    expect(await reportedRules("app/lib/planted.ts", lines(500))).not.toContain("max-lines");
    expect(await reportedRules("server/planted.ts", lines(501))).toContain("max-lines");
    expect(await reportedRules("app/lib/planted.test.ts", lines(501))).not.toContain("max-lines");
  });
});
