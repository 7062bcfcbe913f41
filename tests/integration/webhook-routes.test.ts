/**
 * The webhook pages as React Router calls them, on both databases: a client sets and reads only their own
 * webhook at /client/settings; the admin pages are the admins'; another client's webhook, log or delivery
 * is not found; without WEBHOOK_ALLOW_PRIVATE_ADDRESSES a URL must be https:// and public.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, rateLimitHits, user, webhookDeliveries, webhookEndpoints } from "~/db/schema";
import { createLead } from "~/features/leads/lead-commands.server";
import { permissionsOf } from "~/lib/permissions";
import { loader as adminEventsLoader } from "~/routes/admin/webhooks/events";
import { action as adminAction, loader as adminLoader } from "~/routes/admin/webhooks/client";
import { loader as adminListLoader } from "~/routes/admin/webhooks/list";
import { loader as clientEventsLoader } from "~/routes/client/settings-events";
import { action as settingsAction, loader as settingsLoader } from "~/routes/client/settings";
import { testDatabases } from "../support/databases";
import {
  confirmedUser,
  JANE_DOE,
  sessionCookie,
  stubAuthEnv,
  useTestDatabase,
} from "../support/integration-fixtures";
import { answer, callRoute, formRequest, getRequest, redirectOf } from "../support/route-calls";

stubAuthEnv();

const PASSWORD = "Harbor-Light-42";
type Account = "admin" | "clientA" | "clientB";

describe.each(testDatabases)("webhook routes on $name", (testDb) => {
  const database = useTestDatabase(testDb);
  const cookies = {} as Record<Account, string>;
  const ids = {} as Record<Account, string>;

  beforeAll(async () => {
    for (const [who, role] of [
      ["admin", "admin"],
      ["clientA", "client"],
      ["clientB", "client"],
    ] as const) {
      const email = `${who.toLowerCase()}@hooks.test`;
      await confirmedUser({
        email,
        password: PASSWORD,
        role,
        companyName: `${who} Co`,
        firstName: who,
        lastName: "T",
      });
      const [row] = await database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
      ids[who] = row!.id;
      cookies[who] = await sessionCookie(email, PASSWORD);
    }
  });

  const get = (who: Account | null, path: string) => getRequest(path, who ? { cookie: cookies[who] } : {});
  const post = (who: Account, path: string, fields: Record<string, string>) =>
    formRequest(path, fields, { cookie: cookies[who] });

  it("lets a client create their webhook, see its secret once, and find it on their settings page", async () => {
    const invalid = [
      ["http://crm.example.com/hook", "The URL must start with https://"],
      ["https://localhost/hook", "This address is private or local: webhooks go only to public addresses"],
      ["https://10.1.2.3/hook", "This address is private or local: webhooks go only to public addresses"],
      ["https://user:pw@crm.example.com/", "Leave the user name and password out of the URL"],
      ["not a url", "Enter a full URL, such as https://crm.example.com/hooks/leadworks"],
    ];
    for (const [url, message] of invalid) {
      const reply = answer(
        await callRoute(settingsAction, post("clientA", "/client/settings", { intent: "save", url: url! })),
      );
      expect(reply.status, url).toBe(400);
      expect(reply.data.fieldErrors?.url, url).toBe(message);
    }
    const created = await callRoute(
      settingsAction,
      post("clientA", "/client/settings", { intent: "save", url: "https://crm.alpha.example/hooks" }),
    );
    expect(answer(created).status).toBe(200);
    const secret = (created as { data: { secret?: string } }).data.secret;
    expect(secret).toMatch(/^whsec_/);
    // Saving the URL again keeps the secret and does not show it.
    const saved = await callRoute(
      settingsAction,
      post("clientA", "/client/settings", { intent: "save", url: "https://crm.alpha.example/hooks/v2" }),
    );
    expect((saved as { data: { secret?: string } }).data.secret).toBeUndefined();
    const page = (await callRoute(settingsLoader, get("clientA", "/client/settings"))) as {
      settings: { client: { id: string }; endpoint: { url: string } | null };
    };
    expect(page.settings.client.id).toBe(ids.clientA);
    expect(page.settings.endpoint?.url).toBe("https://crm.alpha.example/hooks/v2");
    expect(JSON.stringify(page)).not.toContain(secret!.slice(6));
    const revealed = await callRoute(
      settingsAction,
      post("clientA", "/client/settings", { intent: "reveal" }),
    );
    expect((revealed as { data: { secret?: string } }).data.secret).toBe(secret);
    // Each change is in the audit log, by whom and for whom; the secret is not.
    const entries = (
      await database.db.select().from(auditLog).where(eq(auditLog.targetUserId, ids.clientA))
    ).filter((e) => e.action.startsWith("webhook."));
    expect(entries.map((e) => e.action).sort()).toEqual([
      "webhook.created",
      "webhook.secret_revealed",
      "webhook.url_changed",
    ]);
    expect(entries.every((e) => e.actorId === ids.clientA)).toBe(true);
    expect(JSON.stringify(entries)).not.toContain(secret!.slice(6));
    // Client B's page knows nothing of it.
    const other = (await callRoute(settingsLoader, get("clientB", "/client/settings"))) as {
      settings: { endpoint: unknown };
    };
    expect(other.settings.endpoint).toBeNull();
  });

  it("keeps the admin pages to admins and answers 404 for another client's delivery or an unknown client", async () => {
    const admin = { id: ids.admin, permissions: permissionsOf(["admin"]) };
    await callRoute(
      adminAction,
      post("admin", `/admin/webhooks/${ids.clientB}`, { intent: "save", url: "https://b.example/h" }),
      {
        clientId: ids.clientB,
      },
    );
    await createLead(admin, {
      ...JANE_DOE,
      phone: "+12025550199",
      state: "IL",
      propertyType: "single_family",
      motivationLevel: "hot",
      situationNotes: null,
      leadSource: "cold_call",
      askingPrice: null,
      estimatedValue: null,
      estimatedRepairCost: null,
      assignedToClientId: ids.clientB,
    });
    const [bDelivery] = await database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.clientId, ids.clientB));
    expect(bDelivery).toBeDefined();

    // Admins see every client's.
    const page = (await callRoute(adminLoader, get("admin", `/admin/webhooks/${ids.clientB}`), {
      clientId: ids.clientB,
    })) as { settings: { endpoint: { url: string } }; log: { entries: { id: string }[] } };
    expect(page.settings.endpoint.url).toBe("https://b.example/h");
    expect(page.log.entries.map((e) => e.id)).toEqual([bDelivery!.id]);
    const list = (await callRoute(adminListLoader, get("admin", "/admin/webhooks"))) as {
      clients: { clientId: string; url: string | null }[];
    };
    expect(list.clients.map((c) => c.url).sort()).toEqual([
      "https://b.example/h",
      "https://crm.alpha.example/hooks/v2",
    ]);

    // A client is turned away from the admin pages, and cannot resend B's delivery from their own page.
    const denied = redirectOf(
      await callRoute(adminLoader, get("clientA", `/admin/webhooks/${ids.clientB}`), {
        clientId: ids.clientB,
      }),
    );
    expect(denied.location).toBe("/");
    expect(denied.flash).toMatchObject({ title: "Access Denied" });
    const resend = answer(
      await callRoute(
        settingsAction,
        post("clientA", "/client/settings", { intent: "resend", deliveryId: bDelivery!.id }),
      ),
    );
    expect(resend.status).toBe(404);
    expect(resend.data.toast?.text).toBe("Delivery not found, or being sent right now");

    // An unknown client, or an account that is not a client, is 404 to admins too.
    for (const clientId of ["nobody", ids.admin]) {
      await expect(
        callRoute(adminLoader, get("admin", `/admin/webhooks/${clientId}`), { clientId }),
      ).rejects.toMatchObject({ status: 404 });
    }

    // The live streams: the admin one is 404 to a client; a client's own is theirs.
    const stream = await callRoute(adminEventsLoader, get("clientA", "/admin/webhooks/events"));
    expect((stream as { init?: { status?: number } }).init?.status ?? (stream as Response).status).toBe(404);
    const own = (await callRoute(clientEventsLoader, get("clientA", "/client/settings/events"))) as Response;
    expect(own.headers.get("content-type")).toMatch(/^text\/event-stream/);
    await own.body?.cancel();
    // Signed out: sent to sign in.
    expect(redirectOf(await callRoute(settingsLoader, get(null, "/client/settings"))).location).toBe(
      "/auth?redirectTo=%2Fclient%2Fsettings",
    );
  });

  it("shows a client their paused webhook, resumes it from the page, and limits resends with a 429", async () => {
    const admin = { id: ids.admin, permissions: permissionsOf(["admin"]) };
    await database.db.delete(rateLimitHits);
    await createLead(admin, {
      ...JANE_DOE,
      phone: "+12025550177",
      state: "IL",
      propertyType: "single_family",
      motivationLevel: "hot",
      situationNotes: null,
      leadSource: "cold_call",
      askingPrice: null,
      estimatedValue: null,
      estimatedRepairCost: null,
      assignedToClientId: ids.clientA,
    });
    const [delivery] = await database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.clientId, ids.clientA));
    const pausedAt = new Date();
    await database.db
      .update(webhookEndpoints)
      .set({ pausedAt, failingSince: new Date(pausedAt.getTime() - 7 * 3_600_000), consecutiveFailures: 12 })
      .where(eq(webhookEndpoints.clientId, ids.clientA));
    const page = (await callRoute(settingsLoader, get("clientA", "/client/settings"))) as {
      settings: { endpoint: { pausedAt: Date | null; consecutiveFailures: number } };
    };
    expect(page.settings.endpoint).toMatchObject({ pausedAt, consecutiveFailures: 12 });
    const resend = (who: Account, path: string) =>
      callRoute(
        path === "/client/settings" ? settingsAction : adminAction,
        post(who, path, { intent: "resend", deliveryId: delivery!.id }),
        { clientId: ids.clientA },
      ).then(answer);

    const whilePaused = await resend("clientA", "/client/settings");
    expect(whilePaused.status).toBe(409);
    expect(whilePaused.data.toast?.text).toBe(
      "The webhook is paused: resume deliveries first, and the kept events are sent in order",
    );
    const resumed = answer(
      await callRoute(settingsAction, post("clientA", "/client/settings", { intent: "resume" })),
    );
    expect(resumed.status).toBe(200);
    expect(resumed.data.toast?.text).toBe("Deliveries resumed: the kept events are being sent");
    const again = answer(
      await callRoute(settingsAction, post("clientA", "/client/settings", { intent: "resume" })),
    );
    expect(again.status).toBe(409);
    const after = (await callRoute(settingsLoader, get("clientA", "/client/settings"))) as {
      settings: { endpoint: { pausedAt: Date | null; failingSince: Date | null } };
    };
    expect(after.settings.endpoint).toMatchObject({ pausedAt: null, failingSince: null });

    // 20 resends in 10 minutes per client, the client's and an admin's together; then a clear 429.
    for (let i = 0; i < 19; i++) expect((await resend("clientA", "/client/settings")).status).toBe(200);
    expect((await resend("admin", `/admin/webhooks/${ids.clientA}`)).status).toBe(200);
    for (const [who, path] of [
      ["clientA", "/client/settings"],
      ["admin", `/admin/webhooks/${ids.clientA}`],
    ] as const) {
      const limited = await resend(who, path);
      expect(limited.status, who).toBe(429);
      expect(limited.data.toast, who).toMatchObject({
        title: "Too many resends",
        text: "At most 20 resends every 10 minutes. Please try again in a few minutes.",
      });
    }
  });
});
