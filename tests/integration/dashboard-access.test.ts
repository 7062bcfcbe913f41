/**
 * Every route of the submissions dashboard, called as React Router calls it with real sessions:
 * anonymous visitors, plain users and clients are refused; admins get the data, newest first.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { contactSubmissions } from "~/db/schema";
import { action as dashboardAction, loader as dashboardLoader } from "~/routes/admin/dashboard";
import { loader as eventsLoader } from "~/routes/admin/events";
import { loader as exportLoader } from "~/routes/admin/export";
import { loader as resumeLoader } from "~/routes/admin/resume";
import { testDatabases } from "../support/databases";
import { confirmedUser, sessionCookie, stubAuthEnv, useTestDatabase } from "../support/integration-fixtures";
import { call, formRequest, getRequest, redirectOf, type RouteFn } from "../support/route-calls";

stubAuthEnv();

const PASSWORD = "Harbor-Light-42";
const SOME_ID = "00000000-0000-4000-8000-000000000000";

describe.each(testDatabases)("dashboard access on $name", (testDb) => {
  const database = useTestDatabase(testDb);
  const cookies: Record<"plain" | "client" | "admin", string> = { plain: "", client: "", admin: "" };

  beforeAll(async () => {
    for (const [who, role] of [
      ["plain", undefined],
      ["client", "client"],
      ["admin", "admin"],
    ] as const) {
      await confirmedUser({ email: `${who}@example.com`, password: PASSWORD, role });
      cookies[who] = await sessionCookie(`${who}@example.com`, PASSWORD);
    }
    await database.db.insert(contactSubmissions).values([
      {
        name: "Older",
        email: "o@example.com",
        subject: "First",
        message: "m",
        createdAt: new Date(Date.UTC(2026, 0, 1)),
      },
      {
        name: "Newer",
        email: "n@example.com",
        subject: "Second",
        message: "m",
        createdAt: new Date(Date.UTC(2026, 0, 2)),
      },
    ]);
  });

  const as = (who: "anonymous" | keyof typeof cookies, path: string) =>
    getRequest(path, who === "anonymous" ? {} : { cookie: cookies[who] });
  const withParams = (fn: RouteFn, params: Record<string, string>) =>
    ((args: { params: Record<string, string> }) =>
      (fn as (a: unknown) => unknown)({ ...args, params })) as RouteFn;
  const statusOf = (thrown: unknown) =>
    thrown instanceof Response ? thrown.status : (thrown as { init?: { status?: number } }).init?.status;

  it("sends anonymous visitors to sign in, and back to /admin afterwards", async () => {
    expect(redirectOf(await call(dashboardLoader, as("anonymous", "/admin"))).location).toBe(
      "/auth?redirectTo=%2Fadmin",
    );
  });

  it.each(["plain", "client"] as const)("turns a %s user away with 'Access Denied'", async (who) => {
    for (const result of [
      await call(dashboardLoader, as(who, "/admin")),
      await call(
        dashboardAction,
        formRequest(
          "/admin",
          { intent: "set-handled", kind: "contact", id: SOME_ID, handled: "true" },
          { cookie: cookies[who] },
        ),
      ),
    ]) {
      const { location, flash } = redirectOf(result);
      expect(location).toBe("/");
      expect(flash).toMatchObject({ title: "Access Denied", text: "You don't have admin privileges" });
    }
  });

  it.each(["anonymous", "plain", "client"] as const)(
    "answers 404 to %s for the resume, the export and the event stream",
    async (who) => {
      const resources: [RouteFn, string][] = [
        [withParams(resumeLoader, { id: SOME_ID }), `/admin/applications/${SOME_ID}/resume`],
        [exportLoader, "/admin/submissions/export.csv?tab=contact"],
        [eventsLoader, "/admin/events"],
      ];
      for (const [loader, path] of resources) {
        const outcome = await call(loader, as(who, path)).then(
          (value) => ({ value }),
          (thrown: unknown) => ({ thrown }),
        );
        expect("thrown" in outcome ? statusOf(outcome.thrown) : outcome.value, path).toBe(404);
      }
    },
  );

  it("gives an admin the dashboard data, newest first", async () => {
    const data = (await call(dashboardLoader, as("admin", "/admin"))) as {
      counts: { total: number };
      contact: { rows: { name: string }[] };
    };
    expect(data.counts.total).toBe(2);
    expect(data.contact.rows.map((r) => r.name)).toEqual(["Newer", "Older"]);
  });

  it("gives an admin the CSV export and a live event stream", async () => {
    const csv = (await call(
      exportLoader,
      as("admin", "/admin/submissions/export.csv?tab=contact"),
    )) as Response;
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect((await csv.text()).split("\n")[1]).toContain("Newer");

    const controller = new AbortController();
    const request = new Request("http://leadworks.test/admin/events", {
      headers: { Cookie: cookies.admin },
      signal: controller.signal,
    });
    const stream = (await call(eventsLoader, request)) as Response;
    expect(stream.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    const reader = stream.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain("event: ready");
    controller.abort();
    await reader.cancel();
  });
});
