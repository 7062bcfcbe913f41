/**
 * A server of its own for the fuzzer: an admin and a client created before it starts, both signed in,
 * one lead assigned to the client, and every route of the product with real and bogus ids.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { blogCatalogue } from "~/features/blog/catalogue";
import { publicPages } from "~/public-routes";
import { seedApiKeys } from "./api-keys";
import type { FuzzTarget } from "./fuzz";
import { startServerProcess, type ServerProcess } from "./server-process";
import { userCliOn } from "./user-cli";

const PASSWORD = "Fuzz-Target-Passw0rd!";
const BOGUS_ID = "00000000-0000-4000-8000-000000000000";

async function signIn(url: string, email: string): Promise<string> {
  const response = await fetch(`${url}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "sign-in", email, password: PASSWORD }),
  });
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
  if (response.status !== 302 || !cookies.length)
    throw new Error(`sign-in of ${email} answered ${response.status}`);
  return cookies.join("; ");
}

/** Starts the target on the embedded database, or on PostgreSQL at `databaseUrl` (an empty database). */
export async function startFuzzTarget(
  databaseUrl = "",
  env: Record<string, string> = {},
): Promise<{ server: ServerProcess; target: FuzzTarget; port: number; apiKey: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lw-fuzz-"));
  const database = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl };
  for (const [email, role] of [
    ["fuzz.admin@example.com", "admin"],
    ["fuzz.client@example.com", "client"],
  ] as const) {
    const made = userCliOn(database, "add", "--email", email, "--password", PASSWORD, "--role", role);
    if (made.status !== 0) throw new Error(made.output);
  }
  const [apiKey] = await seedApiKeys(
    databaseUrl ? { kind: "postgres", url: databaseUrl } : { kind: "pglite", dataDir },
    [{ name: "Fuzz key", scopes: ["leads:read", "leads:write"] }],
  );
  const server = await startServerProcess({ ...database, ...env });
  const admin = await signIn(server.url, "fuzz.admin@example.com");
  const client = await signIn(server.url, "fuzz.client@example.com");

  const created = await fetch(`${server.url}/admin/leads/new`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, Cookie: admin, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      firstName: "Fuzz",
      lastName: "Target",
      phone: "+15125550199",
      email: "",
      address: "100 Test Street",
      city: "Austin",
      state: "TX",
      zipCode: "78701",
      propertyType: "single_family",
      motivationLevel: "hot",
      leadSource: "cold_call",
      situationNotes: "",
      askingPrice: "",
      estimatedValue: "",
      estimatedRepairCost: "",
      assignedToClientId: "",
    }),
  });
  if (created.status >= 400) throw new Error(`lead create answered ${created.status}`);
  const list = await (await fetch(`${server.url}/admin/leads`, { headers: { Cookie: admin } })).text();
  const leadId = /\/admin\/leads\/([0-9a-f-]{36})/.exec(list)?.[1];
  if (!leadId) throw new Error("no lead id on /admin/leads");

  const ids = [leadId, BOGUS_ID, "not-a-uuid", "%00", "1"];
  const paths = [
    ...publicPages.map((page) => page.path),
    ...blogCatalogue.slice(0, 3).map((entry) => `/blog/${entry.id}`),
    "/auth",
    "/auth/verify-email?token=x",
    "/auth/forgot-password",
    "/auth/reset-password?token=x",
    "/auth/sign-out",
    "/account",
    "/admin",
    "/admin?index",
    "/admin/leads",
    "/admin/leads/new",
    "/admin/users",
    "/admin/events",
    "/admin/leads/events",
    "/admin/submissions/export.csv",
    "/admin/leads/import",
    "/admin/leads/export.csv",
    "/admin/api-keys",
    "/admin/clients",
    "/admin/returns",
    "/admin/returns?state=bogus&reason=..",
    "/admin/insights",
    "/admin/insights?from=2026-02-30&to=x",
    "/admin/insights/export.csv",
    "/admin/insights/export.csv?section=nope&from=2020-01-01&to=2026-01-01",
    "/admin/webhooks",
    "/admin/webhooks/events",
    "/client/agreement",
    "/client/insights",
    "/client/insights/export.csv?section=delivered",
    "/client/settings",
    "/client/settings/events",
    "/api/v1/leads",
    "/api/v1/leads?updatedSince=yesterday&cursor=%FF",
    "/api/v1/openapi.json",
    "/api/v1/nope",
    "/api/docs",
    "/client",
    "/client?index",
    "/client/leads",
    "/client/events",
    "/client/manifest.webmanifest",
    "/client/sw.js",
    "/client/offline",
    "/sitemap.xml",
    "/robots.txt",
    "/sw.js",
    "/healthz",
    "/readyz",
    "/metrics",
    "/nope",
    "/favicon.ico",
    ...ids.flatMap((id) => [
      `/admin/leads/${id}`,
      `/admin/leads/${id}/edit`,
      `/admin/leads/${id}/documents/${id}`,
      `/admin/applications/${id}/resume`,
      `/client/leads/${id}`,
      `/admin/clients/${id}`,
      `/admin/leads/import/${id}`,
      `/admin/leads/import/${id}/rejected.csv`,
      `/admin/webhooks/${id}`,
      `/api/v1/leads/${id}`,
    ]),
  ];
  const port = Number(new URL(server.url).port);
  return { server, target: { paths, cookies: [admin, client] }, port, apiKey: apiKey! };
}
