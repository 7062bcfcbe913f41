/**
 * Sessions against real databases, through the real loaders and actions: the absolute lifetime (30 days,
 * 12 hours for admins, counted from creation; the session's created_at is moved back in the database
 * rather than waited for), the session list on /account with "Sign out other sessions", and the event
 * streams that re-check the session at each heartbeat, are capped per user, and tell a client nothing
 * about other clients.
 */
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { clientMembers, session, user } from "~/db/schema";
import { getAuthState, requireArea } from "~/features/auth/access.server";
import { removeMember } from "~/features/auth/client-team.server";
import { ABSOLUTE_LIFETIME_MS } from "~/features/auth/session-lifetime";
import { LAST_ACTIVE_RESOLUTION_MS, sessionStillGrants } from "~/features/auth/sessions.server";
import { assignLead, createLead } from "~/features/leads/lead-commands.server";
import { leadSchema } from "~/features/leads/leads.schema";
import { runInRequestScope } from "~/lib/log.server";
import { MAX_STREAMS_PER_USER, openStreamCount, setHeartbeatInterval } from "~/lib/realtime.server";
import { loader as rootLoader } from "~/root";
import { loader as accountLoader } from "~/routes/account";
import { loader as adminEventsLoader } from "~/routes/admin/events";
import { loader as adminLeadEventsLoader } from "~/routes/admin/leads/events";
import { action as usersAction } from "~/routes/admin/users";
import { action as authAction } from "~/routes/auth/auth";
import { loader as clientEventsLoader } from "~/routes/client/events";
import { testDatabases } from "../support/databases";
import {
  confirmedUser,
  JANE_DOE,
  postAccount,
  stubAuthEnv,
  useTestDatabase,
} from "../support/integration-fixtures";
import {
  answer,
  call,
  cookieHeader,
  formRequest,
  getRequest,
  ORIGIN,
  redirectOf,
  type RouteFn,
} from "../support/route-calls";
import { permissionsOf, type ActorRef } from "~/lib/permissions";

stubAuthEnv();

const PASSWORD = "Harbor-Light-42";
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const HEARTBEAT = 100;

const CHROME_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0";

describe.each(testDatabases)("sessions on $name", (testDb) => {
  const database = useTestDatabase(testDb);
  let counter = 0;

  beforeAll(async () => {
    setHeartbeatInterval(HEARTBEAT);
  });
  afterAll(() => {
    setHeartbeatInterval();
  });

  /** A confirmed account with `role`; returns its id and e-mail. */
  async function account(role?: "admin" | "client") {
    const email = `${role ?? "user"}-${++counter}-${testDb.name}@example.com`;
    await confirmedUser({
      email,
      password: PASSWORD,
      role,
      companyName: role === "client" ? "Oak Street Buyers" : undefined,
    });
    const [row] = await database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    return { id: row!.id, email };
  }

  /** Signs in from a browser with this user agent and address; returns the session cookie header. */
  async function signIn(email: string, userAgent = CHROME_WINDOWS, ip = "203.0.113.7"): Promise<string> {
    const request = new Request(`${ORIGIN}/auth`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": userAgent },
      body: new URLSearchParams({ intent: "sign-in", email, password: PASSWORD }).toString(),
    });
    const { cookies } = redirectOf(await call(authAction, request, ip));
    const cookie = cookieHeader(cookies.filter((c) => c.startsWith("leadworks.session_token=")));
    expect(cookie).toMatch(/^leadworks\.session_token=/);
    return cookie;
  }

  const sessionsOf = (userId: string) =>
    database.db.select().from(session).where(eq(session.userId, userId)).orderBy(session.createdAt);

  /** Moves the creation (and, to prove the sliding expiry does not rescue it, the last use) of a session back. */
  async function ageSession(userId: string, ageMs: number) {
    const createdAt = new Date(Date.now() - ageMs);
    await database.db
      .update(session)
      .set({ createdAt, expiresAt: new Date(Date.now() + 7 * DAY), updatedAt: new Date() })
      .where(eq(session.userId, userId));
  }

  describe("absolute lifetime", () => {
    it("keeps a user's session until 30 days after sign-in, then signs them out and deletes it", async () => {
      const { id, email } = await account();
      const cookie = await signIn(email);
      await ageSession(id, ABSOLUTE_LIFETIME_MS.user - 5 * 60_000);
      expect((await getAuthState(getRequest("/", { cookie }))).actor?.email).toBe(email);

      await ageSession(id, ABSOLUTE_LIFETIME_MS.user + 60_000);
      const result = await call(rootLoader, getRequest("/", { cookie }));
      const root = answer(result);
      expect(root.data).toMatchObject({ user: null, areas: { admin: false, client: false } });
      const setCookies = (result as { init: { headers: Headers } }).init.headers.getSetCookie();
      expect(setCookies.some((c) => c.startsWith("leadworks.session_token=;") && /Max-Age=0/i.test(c))).toBe(
        true,
      );
      expect(await sessionsOf(id)).toHaveLength(0);
      expect(redirectOf(await call(accountLoader, getRequest("/account", { cookie }))).location).toBe(
        "/auth?redirectTo=%2Faccount",
      );
    });

    it("gives a client the users' 30 days, not the admins' 12 hours", async () => {
      const { id, email } = await account("client");
      const cookie = await signIn(email);
      await ageSession(id, 13 * HOUR);
      expect((await getAuthState(getRequest("/client", { cookie }))).actor?.roles).toEqual(["client"]);
      await ageSession(id, 31 * DAY);
      expect((await getAuthState(getRequest("/client", { cookie }))).actor).toBeNull();
      expect(await sessionsOf(id)).toHaveLength(0);
    });

    it("ends an admin's session 12 hours after sign-in, however recently it was used", async () => {
      const { id, email } = await account("admin");
      const cookie = await signIn(email);
      await ageSession(id, ABSOLUTE_LIFETIME_MS.admin - 5 * 60_000);
      await expect(requireArea(getRequest("/admin", { cookie }), "admin")).resolves.toMatchObject({
        permissions: permissionsOf(["admin"]),
      });

      await ageSession(id, ABSOLUTE_LIFETIME_MS.admin + 60_000);
      const refused = await requireArea(getRequest("/admin/users", { cookie }), "admin").catch(
        (thrown: unknown) => thrown,
      );
      expect(redirectOf(refused).location).toBe("/auth?redirectTo=%2Fadmin%2Fusers");
      expect(await sessionsOf(id)).toHaveLength(0);
    });

    it("marks a session's last activity at most every few minutes", async () => {
      const { id, email } = await account();
      const cookie = await signIn(email);
      const longAgo = new Date(Date.now() - 2 * LAST_ACTIVE_RESOLUTION_MS);
      await database.db.update(session).set({ updatedAt: longAgo }).where(eq(session.userId, id));
      const before = Date.now();
      await getAuthState(getRequest("/", { cookie }));
      const [marked] = await sessionsOf(id);
      expect(marked!.updatedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);

      const recent = new Date(Date.now() - 60_000);
      await database.db.update(session).set({ updatedAt: recent }).where(eq(session.userId, id));
      await getAuthState(getRequest("/", { cookie }));
      const [unchanged] = await sessionsOf(id);
      expect(unchanged!.updatedAt.getTime()).toBe(recent.getTime());
    });
  });

  describe("one reading of the session per request", () => {
    it("shares one reading among a GET's loaders; an action and each new request read it afresh", async () => {
      const { email } = await account();
      const cookie = await signIn(email);
      // React Router hands the root, layout and page loaders a Request object each.
      const firstReading = await runInRequestScope({ id: "page-1" }, async () => {
        const root = getAuthState(getRequest("/account", { cookie }));
        const page = getAuthState(getRequest("/account", { cookie }));
        expect(page).toBe(root);
        // An action's own Request reads for itself: the loaders after it see what it changed.
        const post = getAuthState(formRequest("/account", { intent: "profile" }, { cookie }));
        expect(post).not.toBe(root);
        expect((await post).actor?.email).toBe(email);
        return root;
      });
      expect((await firstReading).actor?.email).toBe(email);
      const nextPage = await runInRequestScope({ id: "page-2" }, async () =>
        getAuthState(getRequest("/account", { cookie })),
      );
      expect(nextPage).not.toBe(firstReading);
      // Outside a server's request (a loader called by a test) each Request reads for itself.
      const apart = [getAuthState(getRequest("/", { cookie })), getAuthState(getRequest("/", { cookie }))];
      expect(apart[0]).not.toBe(apart[1]);
      expect((await Promise.all(apart)).map((state) => state.actor?.email)).toEqual([email, email]);
    });
  });

  describe("the session list on /account", () => {
    type AccountPage = {
      sessions: {
        id: string;
        device: string;
        ipAddress: string | null;
        createdAt: string;
        lastActiveAt: string;
        current: boolean;
      }[];
    };
    const listFor = async (cookie: string) =>
      (await call(accountLoader, getRequest("/account", { cookie }))) as AccountPage;

    it("lists the user's own sessions with device, address and times, the current one marked", async () => {
      const { id, email } = await account();
      const stranger = await account();
      const onWindows = await signIn(email, CHROME_WINDOWS, "203.0.113.10");
      await signIn(email, SAFARI_IPHONE, "198.51.100.20");
      await signIn(stranger.email, FIREFOX_LINUX, "192.0.2.30");

      const { sessions } = await listFor(onWindows);
      expect(sessions).toHaveLength(2);
      const stored = await sessionsOf(id);
      expect(sessions.map((s) => s.id).sort()).toEqual(stored.map((s) => s.id).sort());
      const current = sessions.find((s) => s.current)!;
      expect(current).toMatchObject({ device: "Chrome on Windows", ipAddress: "203.0.113.10" });
      expect(sessions.find((s) => !s.current)).toMatchObject({
        device: "Safari on iPhone",
        ipAddress: "198.51.100.20",
        current: false,
      });
      for (const item of sessions) {
        expect(new Date(item.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
        expect(new Date(item.lastActiveAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
      }
      expect(JSON.stringify(sessions)).not.toContain("Firefox");
    });

    it("signs out every other session of the user, keeps this one and leaves other users alone", async () => {
      const { id, email } = await account("client");
      const stranger = await account();
      const here = await signIn(email, CHROME_WINDOWS);
      const phone = await signIn(email, SAFARI_IPHONE);
      const laptop = await signIn(email, FIREFOX_LINUX);
      const strangers = await signIn(stranger.email);
      const currentId = (await getAuthState(getRequest("/", { cookie: here }))).actor!.sessionId;

      const result = answer(await postAccount({ intent: "sign-out-others" }, here));
      expect(result).toEqual({
        status: 200,
        data: {
          ok: true,
          intent: "sign-out-others",
          toast: {
            kind: "success",
            title: "Other sessions signed out",
            text: "Signed out of 2 other sessions.",
          },
        },
      });
      expect((await sessionsOf(id)).map((s) => s.id)).toEqual([currentId]);
      for (const gone of [phone, laptop]) {
        expect((await getAuthState(getRequest("/", { cookie: gone }))).actor).toBeNull();
      }
      expect((await getAuthState(getRequest("/", { cookie: here }))).actor?.email).toBe(email);
      expect((await getAuthState(getRequest("/", { cookie: strangers }))).actor?.email).toBe(stranger.email);
      expect(await sessionsOf(stranger.id)).toHaveLength(1);

      const again = answer(await postAccount({ intent: "sign-out-others" }, here));
      expect(again.data.toast).toEqual({
        kind: "success",
        title: "Other sessions signed out",
        text: "You were not signed in anywhere else.",
      });
      expect((await listFor(here)).sessions.map((s) => s.current)).toEqual([true]);
    });

    it("sends an anonymous post to sign-in and changes nothing", async () => {
      const { id, email } = await account();
      await signIn(email);
      await signIn(email);
      const refused = redirectOf(await postAccount({ intent: "sign-out-others" }));
      expect(refused.location).toBe("/auth?redirectTo=%2Faccount");
      expect(await sessionsOf(id)).toHaveLength(2);
    });

    it("still saves the profile from the same page", async () => {
      const { email } = await account();
      const cookie = await signIn(email);
      const saved = answer(
        await postAccount({ firstName: "Nia", lastName: "Stone", companyName: "", phone: "" }, cookie),
      );
      expect(saved.data).toMatchObject({ ok: true, toast: { title: "Profile updated" } });
    });
  });

  describe("event streams", () => {
    interface OpenStream {
      /** Reads until `done` says so, the stream ends, or `ms` pass; returns all text so far. */
      readUntil(done: (text: string) => boolean, ms?: number): Promise<string>;
      ended(): boolean;
      close(): Promise<void>;
    }
    const streams: OpenStream[] = [];
    afterEach(async () => {
      for (const stream of streams.splice(0)) await stream.close();
    });

    async function openStream(loader: RouteFn, path: string, cookie: string): Promise<OpenStream> {
      const controller = new AbortController();
      const request = new Request(ORIGIN + path, { headers: { Cookie: cookie }, signal: controller.signal });
      const response = (await call(loader, request)) as Response;
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let text = "";
      let ended = false;
      let pending: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;
      const stream: OpenStream = {
        async readUntil(done, ms = 3000) {
          const deadline = Date.now() + ms;
          while (!done(text) && !ended && Date.now() < deadline) {
            pending ??= reader.read();
            const chunk = await Promise.race([
              pending,
              new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now())),
            ]);
            if (!chunk) break;
            pending = null;
            if (chunk.done) ended = true;
            else text += decoder.decode(chunk.value);
          }
          return text;
        },
        ended: () => ended,
        async close() {
          controller.abort();
          await reader.cancel().catch(() => undefined);
        },
      };
      streams.push(stream);
      await stream.readUntil((t) => t.includes("event: ready"));
      return stream;
    }

    /** Waits for the stream to end; returns how long it took. */
    async function endOf(stream: OpenStream): Promise<number> {
      const started = Date.now();
      const text = await stream.readUntil(() => false, 10 * HEARTBEAT + 2000);
      expect(stream.ended()).toBe(true);
      expect(text).toContain("event: end");
      return Date.now() - started;
    }

    const adminPost = (adminCookie: string, fields: Record<string, string>) =>
      call(usersAction, formRequest("/admin/users", fields, { cookie: adminCookie }));

    it("keeps a stream whose session still holds, with a heartbeat each interval", async () => {
      const { email } = await account("client");
      const stream = await openStream(clientEventsLoader, "/client/events", await signIn(email));
      const text = await stream.readUntil((t) => (t.match(/: heartbeat/g) ?? []).length >= 3);
      expect((text.match(/: heartbeat/g) ?? []).length).toBeGreaterThanOrEqual(3);
      expect(stream.ended()).toBe(false);
    });

    it("closes a client's stream within a heartbeat when the client role is removed", async () => {
      const admin = await account("admin");
      const adminCookie = await signIn(admin.email);
      const client = await account("client");
      const stream = await openStream(clientEventsLoader, "/client/events", await signIn(client.email));
      expect(
        answer(await adminPost(adminCookie, { intent: "revoke-role", userId: client.id, role: "client" }))
          .data,
      ).toMatchObject({ ok: true });
      expect(await endOf(stream)).toBeLessThan(2 * HEARTBEAT + 500);
      expect(openStreamCount(client.id)).toBe(0);
    });

    it.each([
      ["/admin/events", adminEventsLoader],
      ["/admin/leads/events", adminLeadEventsLoader],
    ] as const)("closes %s within a heartbeat when the admin role is removed", async (path, loader) => {
      const granter = await account("admin");
      const granterCookie = await signIn(granter.email);
      const admin = await account("admin");
      const stream = await openStream(loader, path, await signIn(admin.email));
      expect(
        answer(await adminPost(granterCookie, { intent: "revoke-role", userId: admin.id, role: "admin" }))
          .data,
      ).toMatchObject({ ok: true });
      expect(await endOf(stream)).toBeLessThan(2 * HEARTBEAT + 500);
    });

    it("closes the stream when the user is disabled", async () => {
      const admin = await account("admin");
      const adminCookie = await signIn(admin.email);
      const client = await account("client");
      const stream = await openStream(clientEventsLoader, "/client/events", await signIn(client.email));
      expect(
        answer(await adminPost(adminCookie, { intent: "disable", userId: client.id })).data,
      ).toMatchObject({
        ok: true,
      });
      await endOf(stream);
    });

    it("closes the stream when its session is signed out from another device", async () => {
      const client = await account("client");
      const stream = await openStream(clientEventsLoader, "/client/events", await signIn(client.email));
      const other = await signIn(client.email, SAFARI_IPHONE);
      answer(await postAccount({ intent: "sign-out-others" }, other));
      await endOf(stream);
    });

    it("closes the stream when the session outlives its absolute lifetime", async () => {
      const admin = await account("admin");
      const stream = await openStream(adminEventsLoader, "/admin/events", await signIn(admin.email));
      await database.db
        .update(session)
        .set({ createdAt: new Date(Date.now() - ABSOLUTE_LIFETIME_MS.admin - 60_000) })
        .where(eq(session.userId, admin.id));
      await endOf(stream);
    });

    it("tells whether a session still grants a permission", async () => {
      const client = await account("client");
      const cookie = await signIn(client.email);
      const actor = (await getAuthState(getRequest("/", { cookie }))).actor!;
      expect(await sessionStillGrants(actor, "lead:read:own")).toBe(true);
      expect(await sessionStillGrants(actor, "lead:read:any")).toBe(false);
      expect(await sessionStillGrants(actor, null)).toBe(true);
      expect(await sessionStillGrants({ ...actor, id: (await account()).id }, null)).toBe(false);
      await database.db
        .update(session)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(session.id, actor.sessionId));
      expect(await sessionStillGrants(actor, null)).toBe(false);
    });

    it(`allows ${MAX_STREAMS_PER_USER} open streams per user and refuses one more with 429`, async () => {
      const client = await account("client");
      const other = await account("client");
      const cookie = await signIn(client.email);
      const opened: OpenStream[] = [];
      for (let i = 0; i < MAX_STREAMS_PER_USER; i++) {
        opened.push(await openStream(clientEventsLoader, "/client/events", cookie));
      }
      expect(openStreamCount(client.id)).toBe(MAX_STREAMS_PER_USER);

      const refused = (await call(clientEventsLoader, getRequest("/client/events", { cookie }))) as Response;
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBe("30");
      expect(await refused.text()).toContain("Too many live connections");
      // The refusal holds whatever session asks: the cap is per user.
      const secondDevice = await signIn(client.email, SAFARI_IPHONE);
      expect(
        ((await call(clientEventsLoader, getRequest("/client/events", { cookie: secondDevice }))) as Response)
          .status,
      ).toBe(429);
      // Another user is not affected, and the first streams are still open.
      await openStream(clientEventsLoader, "/client/events", await signIn(other.email));
      expect(opened.every((stream) => !stream.ended())).toBe(true);

      // Closing one frees its place.
      await opened[0]!.close();
      await vi.waitFor(() => expect(openStreamCount(client.id)).toBe(MAX_STREAMS_PER_USER - 1));
      await openStream(clientEventsLoader, "/client/events", cookie);
      expect(openStreamCount(client.id)).toBe(MAX_STREAMS_PER_USER);
    });

    /** Jane Doe's lead with `phone`, created by the admin and assigned to `clientId`. */
    const newLead = (adminActor: ActorRef, phone: string, clientId: string) =>
      createLead(
        adminActor,
        leadSchema.parse({
          ...JANE_DOE,
          phone,
          state: "IL",
          propertyType: "single_family",
          motivationLevel: "hot",
          leadSource: "referral",
          situationNotes: "",
          askingPrice: "",
          estimatedValue: "",
          estimatedRepairCost: "",
          assignedToClientId: clientId,
        }),
      );

    it("sends a client only the lead's id, never another client's id", async () => {
      const admin = await account("admin");
      const clientA = await account("client");
      const clientB = await account("client");
      const forA = await openStream(clientEventsLoader, "/client/events", await signIn(clientA.email));
      const forB = await openStream(clientEventsLoader, "/client/events", await signIn(clientB.email));
      const forAdmin = await openStream(
        adminLeadEventsLoader,
        "/admin/leads/events",
        await signIn(admin.email),
      );
      const adminActor = { id: admin.id, permissions: permissionsOf(["admin"]) };
      const lead = await newLead(adminActor, "+1 (202) 555-1234", clientA.id);
      // Moving the lead from A to B is news for both; each hears only the lead's id.
      expect(await assignLead(adminActor, lead.id, clientB.id)).toBe(true);

      const count = (text: string) => (text.match(/event: lead/g) ?? []).length;
      const dataOf = (text: string) =>
        [...text.matchAll(/event: lead\ndata: (.*)\n/g)].map((m) => JSON.parse(m[1]!) as unknown);
      const textA = await forA.readUntil((t) => count(t) >= 2);
      const textB = await forB.readUntil((t) => count(t) >= 1);
      expect(dataOf(textA)).toEqual([{ leadId: lead.id }, { leadId: lead.id }]);
      expect(dataOf(textB)).toEqual([{ leadId: lead.id }]);
      expect(textA).not.toContain(clientB.id);
      expect(textB).not.toContain(clientA.id);
      // Admins see everything, the clients concerned included.
      const textAdmin = await forAdmin.readUntil((t) => count(t) >= 2);
      expect(dataOf(textAdmin)).toEqual([
        { leadId: lead.id, clients: [clientA.id] },
        { leadId: lead.id, clients: [clientA.id, clientB.id] },
      ]);
    });

    it("forwards nothing to a member removed from the team, even before the next heartbeat", async () => {
      // The heartbeat alone would end the stream only after it: here it is a minute away.
      setHeartbeatInterval(60_000);
      try {
        const admin = await account("admin");
        const owner = await account("client");
        const member = await account("client");
        await database.db
          .update(clientMembers)
          .set({ companyId: owner.id, role: "member" })
          .where(eq(clientMembers.userId, member.id));
        const forMember = await openStream(clientEventsLoader, "/client/events", await signIn(member.email));
        const forOwner = await openStream(clientEventsLoader, "/client/events", await signIn(owner.email));
        const ownerActor = (await getAuthState(getRequest("/", { cookie: await signIn(owner.email) })))
          .actor!;
        expect(await removeMember(ownerActor, owner.id, member.id)).toMatchObject({ ok: true });

        const adminActor = { id: admin.id, permissions: permissionsOf(["admin"]) };
        const lead = await newLead(adminActor, "+1 (202) 555-1299", owner.id);
        // The owner hears of the lead; the removed member's stream ends instead, well within the minute.
        expect(await forOwner.readUntil((t) => t.includes(lead.id))).toContain(`"leadId":"${lead.id}"`);
        const started = Date.now();
        const memberText = await forMember.readUntil(() => false, 5_000);
        expect(forMember.ended()).toBe(true);
        expect(Date.now() - started).toBeLessThan(5_000);
        expect(memberText).toContain("event: end");
        expect(memberText).not.toContain("event: lead");
        expect(memberText).not.toContain(lead.id);
      } finally {
        setHeartbeatInterval(HEARTBEAT);
      }
    });
  });
});
