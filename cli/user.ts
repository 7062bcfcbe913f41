/**
 * npm run user -- <command>: accounts from the command line (the first admin, demo clients).
 *
 *   add  --email E --password P [--role admin|client] [--first-name F --last-name L --company C]
 *   role --email E --role admin|client|none
 *   list
 *
 * Works on the configured database (DATABASE_URL, or the embedded one in DATA_DIR). The embedded
 * database can be opened by one process at a time, so stop the server first.
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { appRoles } from "~/db/enums";
import { emailSchema, firstNameSchema, lastNameSchema, passwordSchema } from "~/features/auth/auth.schema";
import {
  commandLine,
  createConfirmedUser,
  setOnlyRoleByEmail,
  type AdminResult,
} from "~/features/auth/user-admin.server";
import { listUsers } from "~/features/auth/user-list.server";
import { UsageError, withDatabase } from "./with-database";

const usage = `Usage:
  npm run user -- add --email E --password P [--role admin|client] [--first-name F --last-name L --company C]
  npm run user -- role --email E --role admin|client|none
  npm run user -- list`;

function fail(message: string): never {
  throw new UsageError(message);
}

function check<T>(schema: z.ZodType<T>, value: unknown, label: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) fail(`${label}: ${parsed.error.issues[0]?.message ?? "invalid"}`);
  return parsed.data;
}

async function run(argv: string[]): Promise<AdminResult | string> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: "string" },
      password: { type: "string" },
      role: { type: "string" },
      "first-name": { type: "string" },
      "last-name": { type: "string" },
      company: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  const command = positionals[0];
  if (values.help || !command) fail(usage);

  if (command === "add") {
    const email = check(emailSchema, values.email ?? "", "--email");
    const password = check(passwordSchema, values.password ?? "", "--password");
    const role = values.role === undefined ? undefined : check(z.enum(appRoles), values.role, "--role");
    const firstName = check(firstNameSchema, values["first-name"], "--first-name");
    const lastName = check(lastNameSchema, values["last-name"], "--last-name");
    const companyName = check(
      z.string().trim().max(100, "Company name must be less than 100 characters").optional(),
      values.company,
      "--company",
    );
    return withDatabase(() =>
      createConfirmedUser(commandLine, {
        email,
        password,
        role,
        firstName,
        lastName,
        companyName: companyName || undefined,
      }),
    );
  }

  if (command === "role") {
    const email = check(emailSchema, values.email ?? "", "--email");
    const role = check(z.enum([...appRoles, "none"]), values.role, "--role");
    return withDatabase(() => setOnlyRoleByEmail(commandLine, email, role));
  }

  if (command === "list") {
    return withDatabase(async () => {
      const users = await listUsers(commandLine);
      if (users.length === 0) return "No accounts yet.";
      const rows = users.map((u) => [
        u.email,
        u.name || "-",
        u.roles.join(",") || "-",
        u.status,
        u.companyName ?? "-",
      ]);
      const header = ["EMAIL", "NAME", "ROLES", "STATUS", "COMPANY"];
      const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
      return [header, ...rows]
        .map((r) =>
          r
            .map((cell, i) => cell.padEnd(widths[i]!))
            .join("  ")
            .trimEnd(),
        )
        .join("\n");
    });
  }

  fail(`Unknown command "${command}".\n${usage}`);
}

try {
  const result = await run(process.argv.slice(2));
  if (typeof result === "string") {
    console.log(result);
  } else if (result.ok) {
    console.log(result.message);
  } else {
    console.error(result.message);
    process.exitCode = 1;
  }
} catch (error) {
  console.error(
    error instanceof UsageError ? error.message : `Failed: ${(error as Error)?.stack ?? String(error)}`,
  );
  process.exitCode = 1;
}
