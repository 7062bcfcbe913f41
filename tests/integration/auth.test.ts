/**
 * Accounts against real databases, through the real route loaders and actions with real Requests:
 * sign-up and its confirmation e-mail, sign-in before and after confirming, identical answers for an
 * unknown e-mail and a wrong password, password reset, the role helpers, disabled accounts, client
 * invitations, the profile page and the attempt limits.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { closeDatabase, installDatabase } from "~/db/db.server";
import {
  auditLog,
  mailOutbox,
  profiles,
  rateLimitHits,
  session,
  user,
  userRoles,
  verification,
} from "~/db/schema";
import { getAuthState, requireClient, requireRole, requireUser } from "~/features/auth/access.server";
import { authLimits } from "~/features/auth/rate-limits.server";
import { createConfirmedUser } from "~/features/auth/user-admin.server";
import { loader as rootLoader } from "~/root";
import { action as accountAction, loader as accountLoader } from "~/routes/account";
import { loader as adminLayoutLoader } from "~/routes/admin/layout";
import { action as usersAction, loader as usersLoader } from "~/routes/admin/users";
import { action as authAction, loader as authLoader } from "~/routes/auth/auth";
import { action as forgotAction } from "~/routes/auth/forgot-password";
import { action as resetAction } from "~/routes/auth/reset-password";
import { action as signOutAction } from "~/routes/auth/sign-out";
import { loader as verifyLoader } from "~/routes/auth/verify-email";
import { testDatabases } from "../support/databases";
import {
  answer,
  ORIGIN,
  type Answer,
  call,
  cookieHeader,
  formRequest,
  freshIp,
  getRequest,
  redirectOf,
} from "../support/route-calls";

vi.stubEnv("AUTH_SECRET", "integration-tests-secret-0123456789abcdef");
vi.stubEnv("SITE_URL", "http://leadworks.test");
vi.stubEnv("IP_RATE_LIMITS", "on");
afterAll(() => vi.unstubAllEnvs());

const PASSWORD = "Harbor-Light-42";
const NEW_PASSWORD = "Quiet-Meadow-77";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

// ---------------------------------------------------------------- flows

describe.each(testDatabases)("accounts on $name", (testDb) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await testDb.open();
    installDatabase(handle);
  });
  afterAll(async () => {
    await closeDatabase();
  });

  const mailsTo = (email: string) =>
    handle.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(mailOutbox.createdAt);

  /** The path and query of the first link in the latest e-mail to `email`. */
  async function linkInLatestMail(email: string, subject?: string): Promise<string> {
    const mails = (await mailsTo(email)).filter((m) => !subject || m.subject === subject);
    const latest = mails.at(-1);
    expect(latest, `an e-mail to ${email}`).toBeDefined();
    const link = /https?:\/\/\S+/.exec(latest!.textBody)?.[0];
    expect(link).toBeDefined();
    const url = new URL(link!);
    expect(url.origin).toBe(ORIGIN);
    return url.pathname + url.search;
  }

  const signUpFields = (email: string, extra: Record<string, string> = {}) => ({
    intent: "sign-up",
    email,
    password: PASSWORD,
    firstName: "Maya",
    lastName: "Rivers",
    ...extra,
  });

  const signIn = (email: string, password = PASSWORD, extra: Record<string, string> = {}, ip = freshIp()) =>
    call(authAction, formRequest("/auth", { intent: "sign-in", email, password, ...extra }), ip);

  /** Signs up and confirms through the e-mailed link; returns the user id. */
  async function confirmedAccount(email: string): Promise<string> {
    answer(await call(authAction, formRequest("/auth", signUpFields(email))));
    const link = await linkInLatestMail(email, "Confirm your Leadworks account");
    redirectOf(await call(verifyLoader, getRequest(link)));
    const [row] = await handle.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    return row!.id;
  }

  /** Signs in and returns the session cookie header. */
  async function sessionCookie(email: string, password = PASSWORD): Promise<string> {
    const { cookies } = redirectOf(await signIn(email, password));
    const cookie = cookieHeader(cookies.filter((c) => c.startsWith("leadworks.session_token=")));
    expect(cookie).toMatch(/^leadworks\.session_token=/);
    return cookie;
  }

  async function adminCookie(email: string): Promise<string> {
    const created = await createConfirmedUser({ cli: true }, { email, password: PASSWORD, role: "admin" });
    expect(created.ok).toBe(true);
    return sessionCookie(email);
  }

  it("signs up: a UUID account, its profile, and a confirmation e-mail through the outbox", async () => {
    const email = `maya-${testDb.name}@example.com`;
    const result = answer(
      await call(
        authAction,
        formRequest("/auth", signUpFields(`  ${email.toUpperCase()} `, { lastName: "" })),
      ),
    );
    expect(result).toEqual({
      status: 200,
      data: {
        ok: true,
        intent: "sign-up",
        toast: { kind: "success", title: "Please check your email to confirm your account!" },
      },
    });
    const [account] = await handle.db.select().from(user).where(eq(user.email, email));
    expect(account).toMatchObject({ name: "Maya", emailVerified: false, disabledAt: null });
    expect(account!.id).toMatch(UUID);
    const [profile] = await handle.db.select().from(profiles).where(eq(profiles.userId, account!.id));
    expect(profile).toMatchObject({ firstName: "Maya", lastName: null, email, companyName: null });
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.subject)).toEqual(["Confirm your Leadworks account"]);
    expect(mails[0]!.status).toBe("pending");
    expect(await linkInLatestMail(email)).toMatch(/^\/auth\/verify-email\?token=[\w.-]+$/);
  });

  it("validates sign-up on the server with the spec's messages (HTTP 400) and creates nothing", async () => {
    const email = `invalid-${testDb.name}@example.com`;
    const result = answer(
      await call(
        authAction,
        formRequest("/auth", {
          intent: "sign-up",
          email: "not-an-email",
          password: "short",
          firstName: "F".repeat(51),
        }),
      ),
    );
    expect(result.status).toBe(400);
    expect(result.data.fieldErrors).toEqual({
      email: "Invalid email address",
      password: "Password must be at least 12 characters",
      firstName: "First name must be less than 50 characters",
    });
    expect(result.data.toast).toEqual({
      kind: "error",
      title: "Validation Error",
      text: "Please check the form for errors.",
    });
    expect(result.data.values).not.toHaveProperty("password");
    expect(await handle.db.select().from(user).where(eq(user.email, email))).toHaveLength(0);

    const signInResult = answer(
      await call(authAction, formRequest("/auth", { intent: "sign-in", email: "x", password: "" })),
    );
    expect(signInResult.status).toBe(400);
    expect(signInResult.data.fieldErrors).toEqual({
      email: "Invalid email address",
      password: "Password is required",
    });
  });

  it("refuses sign-in before confirmation and offers to resend; accepts it after the e-mailed link", async () => {
    const email = `confirm-${testDb.name}@example.com`;
    answer(await call(authAction, formRequest("/auth", signUpFields(email))));

    const refused = answer(await signIn(email));
    expect(refused.status).toBe(403);
    expect(refused.data.toast).toEqual({
      kind: "error",
      title: "Error",
      text: "Please confirm your email address before signing in. Check your inbox for the confirmation link.",
    });
    expect(refused.data.unconfirmedEmail).toBe(email);

    const resent = answer(
      await call(authAction, formRequest("/auth", { intent: "resend-confirmation", email })),
    );
    expect(resent.status).toBe(200);
    expect(resent.data.toast?.title).toBe("Confirmation email sent");
    expect((await mailsTo(email)).map((m) => m.subject)).toEqual([
      "Confirm your Leadworks account",
      "Confirm your Leadworks account",
    ]);

    const link = await linkInLatestMail(email);
    const confirmed = redirectOf(await call(verifyLoader, getRequest(link)));
    expect(confirmed.location).toBe("/auth");
    expect(confirmed.flash).toMatchObject({ kind: "success", title: "Email confirmed" });
    const [row] = await handle.db.select().from(user).where(eq(user.email, email));
    expect(row!.emailVerified).toBe(true);

    const bad = redirectOf(
      await call(verifyLoader, getRequest("/auth/verify-email?token=forged.token.value")),
    );
    expect(bad.flash).toMatchObject({ kind: "error", title: "Error" });

    const signedIn = redirectOf(await signIn(email));
    expect(signedIn.location).toBe("/");
    expect(signedIn.flash).toEqual({ kind: "success", title: "Successfully signed in!" });
    const sessionSetCookie = signedIn.cookies.find((c) => c.startsWith("leadworks.session_token="))!;
    expect(sessionSetCookie).toMatch(/; HttpOnly/i);
    expect(sessionSetCookie).toMatch(/; SameSite=Lax/i);
    expect(sessionSetCookie).toMatch(/; Path=\//);
    expect(sessionSetCookie).not.toMatch(/; Secure/i); // SITE_URL is http here
    const [stored] = await handle.db.select().from(session).where(eq(session.userId, row!.id));
    expect(stored!.id).toMatch(UUID);
    expect(stored!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3_600_000);
  });

  it("returns to the page that asked for sign-in, but only to same-site paths", async () => {
    const email = `back-${testDb.name}@example.com`;
    await confirmedAccount(email);
    expect(redirectOf(await signIn(email, PASSWORD, { redirectTo: "/admin/users?page=2" })).location).toBe(
      "/admin/users?page=2",
    );
    for (const evil of [
      "https://evil.example/",
      "//evil.example/x",
      "/\\evil.example",
      "javascript:alert(1)",
    ]) {
      expect(redirectOf(await signIn(email, PASSWORD, { redirectTo: evil })).location).toBe("/");
    }
  });

  it("answers an unknown e-mail exactly like a wrong password", async () => {
    const email = `known-${testDb.name}@example.com`;
    await confirmedAccount(email);
    const wrongPassword = answer(await signIn(email, "Wrong-Password-1"));
    const unknownEmail = answer(await signIn(`nobody-${testDb.name}@example.com`, "Wrong-Password-1"));
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.data.toast).toEqual({
      kind: "error",
      title: "Error",
      text: "Invalid email or password",
    });
    expect(JSON.stringify(unknownEmail.data).replace(/nobody/g, "known")).toBe(
      JSON.stringify(wrongPassword.data),
    );
    expect(unknownEmail.status).toBe(wrongPassword.status);
  });

  it("treats sign-up with a taken e-mail like success and e-mails the owner instead", async () => {
    const email = `taken-${testDb.name}@example.com`;
    const first = answer(await call(authAction, formRequest("/auth", signUpFields(email))));
    const second = answer(
      await call(authAction, formRequest("/auth", signUpFields(email, { password: "Other-Password-9" }))),
    );
    expect(second).toEqual(first);
    expect(await handle.db.select().from(user).where(eq(user.email, email))).toHaveLength(1);
    expect((await mailsTo(email)).map((m) => m.subject)).toEqual([
      "Confirm your Leadworks account",
      "Your Leadworks account",
    ]);
  });

  it("exposes the signed-in user to the root loader and sends them away from /auth; sign-out ends the session", async () => {
    const email = `root-${testDb.name}@example.com`;
    const id = await confirmedAccount(email);
    const anonymous = answer(await call(rootLoader, getRequest("/")));
    expect(anonymous.data).toMatchObject({ user: null, profile: null, isAdmin: false, isClient: false });

    const cookie = await sessionCookie(email);
    const signedIn = answer(await call(rootLoader, getRequest("/", { cookie })));
    expect(signedIn.data).toMatchObject({
      user: { id, email, name: "Maya Rivers" },
      profile: { firstName: "Maya", lastName: "Rivers", email },
      isAdmin: false,
      isClient: false,
      siteUrl: ORIGIN,
    });
    expect(redirectOf(await call(authLoader, getRequest("/auth", { cookie }))).location).toBe("/");

    const signedOut = redirectOf(await call(signOutAction, formRequest("/auth/sign-out", {}, { cookie })));
    expect(signedOut.location).toBe("/");
    expect(
      signedOut.cookies.some((c) => c.startsWith("leadworks.session_token=;") && /Max-Age=0/i.test(c)),
    ).toBe(true);
    expect(await handle.db.select().from(session).where(eq(session.userId, id))).toHaveLength(0);
    expect((await getAuthState(getRequest("/", { cookie }))).actor).toBeNull();
  });

  it("role helpers refuse correctly: anonymous, user, client, admin", async () => {
    const path = "/admin/users?tab=all";
    const anonymous = redirectOf(await call(usersLoader, getRequest(path)));
    expect(anonymous.location).toBe(`/auth?redirectTo=${encodeURIComponent(path)}`);
    expect(redirectOf(await call(accountLoader, getRequest("/account"))).location).toBe(
      "/auth?redirectTo=%2Faccount",
    );

    const plainEmail = `plain-${testDb.name}@example.com`;
    await confirmedAccount(plainEmail);
    const plain = await sessionCookie(plainEmail);
    const clientEmail = `client-${testDb.name}@example.com`;
    await createConfirmedUser({ cli: true }, { email: clientEmail, password: PASSWORD, role: "client" });
    const client = await sessionCookie(clientEmail);
    const admin = await adminCookie(`admin-${testDb.name}@example.com`);

    const adminDenied = { kind: "error", title: "Access Denied", text: "You don't have admin privileges" };
    for (const cookie of [plain, client]) {
      for (const fn of [adminLayoutLoader, usersLoader]) {
        const denied = redirectOf(await call(fn, getRequest("/admin/users", { cookie })));
        expect(denied.location).toBe("/");
        expect(denied.flash).toEqual(adminDenied);
      }
      const deniedAction = redirectOf(
        await call(usersAction, formRequest("/admin/users", { intent: "disable", userId: "x" }, { cookie })),
      );
      expect(deniedAction.flash).toEqual(adminDenied);
    }

    const asRequest = (cookie: string) => getRequest("/client", { cookie });
    await expect(requireUser(asRequest(plain))).resolves.toMatchObject({ email: plainEmail, roles: [] });
    await expect(requireClient(asRequest(client))).resolves.toMatchObject({ isClient: true, isAdmin: false });
    await expect(requireRole(asRequest(admin), "admin")).resolves.toMatchObject({ isAdmin: true });
    for (const cookie of [plain, admin]) {
      const denied = redirectOf(await requireClient(asRequest(cookie)).catch((thrown: unknown) => thrown));
      expect(denied.flash).toEqual({
        kind: "error",
        title: "Access Denied",
        text: "You don't have client access",
      });
    }
    const adminPage = answer(await call(usersLoader, getRequest("/admin/users", { cookie: admin })));
    expect(adminPage.status).toBe(200);
  });

  it("disables an account: its sessions end at once and it cannot sign in; enabling lets it back", async () => {
    const admin = await adminCookie(`disabler-${testDb.name}@example.com`);
    const email = `disabled-${testDb.name}@example.com`;
    const id = await confirmedAccount(email);
    const cookie = await sessionCookie(email);
    expect((await getAuthState(getRequest("/", { cookie }))).actor?.email).toBe(email);

    const disabled = answer(
      await call(
        usersAction,
        formRequest("/admin/users", { intent: "disable", userId: id }, { cookie: admin }),
      ),
    );
    expect(disabled).toMatchObject({ status: 200, data: { ok: true } });
    expect(await handle.db.select().from(session).where(eq(session.userId, id))).toHaveLength(0);
    expect((await getAuthState(getRequest("/", { cookie }))).actor).toBeNull();
    expect(redirectOf(await call(accountLoader, getRequest("/account", { cookie }))).location).toBe(
      "/auth?redirectTo=%2Faccount",
    );

    const refused = answer(await signIn(email));
    expect(refused.status).toBe(403);
    expect(refused.data.toast?.text).toMatch(/disabled/);
    expect(await handle.db.select().from(session).where(eq(session.userId, id))).toHaveLength(0);

    // Even a session written behind our back does not count while the account is disabled.
    await handle.db.update(user).set({ disabledAt: new Date() }).where(eq(user.id, id));
    answer(
      await call(
        usersAction,
        formRequest("/admin/users", { intent: "enable", userId: id }, { cookie: admin }),
      ),
    );
    const again = await sessionCookie(email);
    await handle.db.update(user).set({ disabledAt: new Date() }).where(eq(user.id, id));
    expect((await getAuthState(getRequest("/", { cookie: again }))).actor).toBeNull();

    const log = await handle.db
      .select({ action: auditLog.action, actorId: auditLog.actorId })
      .from(auditLog)
      .where(eq(auditLog.targetUserId, id))
      .orderBy(auditLog.createdAt);
    expect(log.map((entry) => entry.action)).toEqual(["user.disabled", "user.enabled"]);
    expect(log.every((entry) => entry.actorId !== null)).toBe(true);
  });

  it("grants and removes roles, refuses self-demotion, and records every change", async () => {
    const adminEmail = `granter-${testDb.name}@example.com`;
    const admin = await adminCookie(adminEmail);
    const [adminRow] = await handle.db.select({ id: user.id }).from(user).where(eq(user.email, adminEmail));
    const email = `promoted-${testDb.name}@example.com`;
    const id = await confirmedAccount(email);
    const post = (fields: Record<string, string>) =>
      call(usersAction, formRequest("/admin/users", fields, { cookie: admin }));

    expect(answer(await post({ intent: "grant-role", userId: id, role: "client" })).data.ok).toBe(true);
    expect(answer(await post({ intent: "grant-role", userId: id, role: "admin" })).data.ok).toBe(true);
    expect(answer(await post({ intent: "revoke-role", userId: id, role: "admin" })).data.ok).toBe(true);
    const roles = await handle.db
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(eq(userRoles.userId, id));
    expect(roles.map((r) => r.role)).toEqual(["client"]);

    const self = answer(await post({ intent: "revoke-role", userId: adminRow!.id, role: "admin" }));
    expect(self).toMatchObject({ status: 409, data: { ok: false, toast: { title: "Error" } } });
    expect(answer(await post({ intent: "disable", userId: adminRow!.id })).status).toBe(409);
    expect(answer(await post({ intent: "grant-role", userId: "no-such-user", role: "admin" })).status).toBe(
      404,
    );
    expect(answer(await post({ intent: "grant-role", userId: id, role: "owner" })).status).toBe(400);

    const page = answer(await call(usersLoader, getRequest("/admin/users", { cookie: admin })));
    const data = page.data as unknown as {
      users: { email: string; roles: string[]; status: string }[];
      audit: { action: string; actorEmail: string; targetEmail: string; details: Record<string, unknown> }[];
    };
    expect(data.users.find((u) => u.email === email)).toMatchObject({ roles: ["client"], status: "active" });
    expect(
      data.audit
        .filter((entry) => entry.targetEmail === email)
        .map((entry) => [entry.action, entry.details.role, entry.actorEmail]),
    ).toEqual([
      ["role.revoked", "admin", adminEmail],
      ["role.granted", "admin", adminEmail],
      ["role.granted", "client", adminEmail],
    ]);
  });

  it("resets a forgotten password by a single-use e-mailed link and signs the account out everywhere", async () => {
    const email = `reset-${testDb.name}@example.com`;
    const id = await confirmedAccount(email);
    const oldSession = await sessionCookie(email);

    const known = answer(await call(forgotAction, formRequest("/auth/forgot-password", { email })));
    const unknown = answer(
      await call(
        forgotAction,
        formRequest("/auth/forgot-password", { email: `ghost-${testDb.name}@example.com` }),
      ),
    );
    expect(unknown).toEqual(known);
    expect(known).toMatchObject({ status: 200, data: { ok: true, toast: { title: "Check your email" } } });
    expect(await mailsTo(`ghost-${testDb.name}@example.com`)).toHaveLength(0);

    const link = await linkInLatestMail(email, "Reset your Leadworks password");
    expect(link).toMatch(/^\/auth\/reset-password\?token=\w+$/);
    const token = new URLSearchParams(link.split("?")[1]).get("token")!;

    const mismatch = answer(
      await call(
        resetAction,
        formRequest(link, { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD + "x" }),
      ),
    );
    expect(mismatch).toMatchObject({
      status: 400,
      data: { fieldErrors: { confirmPassword: "Passwords do not match" } },
    });

    const done = redirectOf(
      await call(
        resetAction,
        formRequest(link, { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }),
      ),
    );
    expect(done.location).toBe("/auth");
    expect(done.flash).toMatchObject({ kind: "success", title: "Password updated" });
    expect(await handle.db.select().from(session).where(eq(session.userId, id))).toHaveLength(0);
    expect((await getAuthState(getRequest("/", { cookie: oldSession }))).actor).toBeNull();

    const reused = answer(
      await call(resetAction, formRequest(link, { token, password: PASSWORD, confirmPassword: PASSWORD })),
    );
    expect(reused).toMatchObject({
      status: 400,
      data: {
        toast: { title: "Error", text: "This link is invalid or has expired. Please request a new one." },
      },
    });

    expect(answer(await signIn(email, PASSWORD)).status).toBe(401);
    expect(redirectOf(await signIn(email, NEW_PASSWORD)).location).toBe("/");
  });

  it("refuses an expired reset link", async () => {
    const email = `expired-${testDb.name}@example.com`;
    const id = await confirmedAccount(email);
    answer(await call(forgotAction, formRequest("/auth/forgot-password", { email })));
    const link = await linkInLatestMail(email, "Reset your Leadworks password");
    const token = new URLSearchParams(link.split("?")[1]).get("token")!;
    await handle.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.value, id));
    const result = answer(
      await call(
        resetAction,
        formRequest(link, { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }),
      ),
    );
    expect(result.status).toBe(400);
    expect(redirectOf(await signIn(email, PASSWORD)).location).toBe("/");
  });

  it("invites a client who sets a password from the e-mail and signs in", async () => {
    const adminEmail = `inviter-${testDb.name}@example.com`;
    const admin = await adminCookie(adminEmail);
    const email = `invitee-${testDb.name}@example.com`;
    const invite = (fields: Record<string, string>) =>
      call(usersAction, formRequest("/admin/users", { intent: "invite", ...fields }, { cookie: admin }));

    const invalid = answer(await invite({ email: "nope", companyName: "" }));
    expect(invalid).toMatchObject({
      status: 400,
      data: { fieldErrors: { email: "Invalid email address", companyName: "Company name is required" } },
    });

    const sent = answer(
      await invite({ email, companyName: "Oak Street Buyers", firstName: "Ian", lastName: "" }),
    );
    expect(sent).toMatchObject({ status: 200, data: { ok: true, toast: { kind: "success" } } });
    expect(answer(await invite({ email, companyName: "Again LLC" })).status).toBe(409);

    const [account] = await handle.db.select().from(user).where(eq(user.email, email));
    expect(account!.id).toMatch(UUID);
    expect(account!.emailVerified).toBe(false);
    const [profile] = await handle.db.select().from(profiles).where(eq(profiles.userId, account!.id));
    expect(profile).toMatchObject({ companyName: "Oak Street Buyers", firstName: "Ian" });
    const [token] = await handle.db.select().from(verification).where(eq(verification.value, account!.id));
    expect(token!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3_600_000);

    // Not usable before the password is set.
    expect(answer(await signIn(email, NEW_PASSWORD)).status).toBe(401);

    const link = await linkInLatestMail(email, "Your Leadworks client portal account");
    expect(link).toMatch(/^\/auth\/reset-password\?token=\w+&invite=1$/);
    const done = redirectOf(
      await call(
        resetAction,
        formRequest(link, {
          token: new URLSearchParams(link.split("?")[1]).get("token")!,
          invite: "1",
          password: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
        }),
      ),
    );
    expect(done.flash).toMatchObject({ title: "Password set" });
    const cookie = await sessionCookie(email, NEW_PASSWORD);
    await expect(requireClient(getRequest("/client", { cookie }))).resolves.toMatchObject({
      email,
      isClient: true,
      profile: { companyName: "Oak Street Buyers" },
    });
    const [entry] = await handle.db
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, account!.id), eq(auditLog.action, "user.invited")));
    expect(entry!.details).toMatchObject({ email, companyName: "Oak Street Buyers", role: "client" });
  });

  it("lets a signed-in user edit their profile, validated", async () => {
    const email = `profile-${testDb.name}@example.com`;
    const id = await confirmedAccount(email);
    const cookie = await sessionCookie(email);
    const page = answer(await call(accountLoader, getRequest("/account", { cookie })));
    expect(page.data).toMatchObject({ email, profile: { firstName: "Maya" } });

    const invalid = answer(
      await call(
        accountAction,
        formRequest(
          "/account",
          { firstName: "A", lastName: "B", companyName: "C".repeat(101), phone: "12ab" },
          { cookie },
        ),
      ),
    );
    expect(invalid).toMatchObject({
      status: 400,
      data: {
        fieldErrors: {
          companyName: "Company name must be less than 100 characters",
          phone: "Invalid phone number format",
        },
      },
    });

    const saved = answer(
      await call(
        accountAction,
        formRequest(
          "/account",
          { firstName: " Maya ", lastName: "Stone", companyName: "Stone Capital", phone: "(512) 555-0100" },
          { cookie },
        ),
      ),
    );
    expect(saved).toMatchObject({ status: 200, data: { ok: true, toast: { title: "Profile updated" } } });
    const [profile] = await handle.db.select().from(profiles).where(eq(profiles.userId, id));
    expect(profile).toMatchObject({
      firstName: "Maya",
      lastName: "Stone",
      companyName: "Stone Capital",
      phone: "(512) 555-0100",
    });
    const [row] = await handle.db.select({ name: user.name }).from(user).where(eq(user.id, id));
    expect(row!.name).toBe("Maya Stone");

    expect(redirectOf(await call(accountAction, formRequest("/account", { firstName: "X" }))).location).toBe(
      "/auth?redirectTo=%2Faccount",
    );
  });

  describe("attempt limits, counted in the database", () => {
    it("stops sign-in attempts on one account from many addresses, exactly at the limit under concurrency", async () => {
      const email = `brute-${testDb.name}@example.com`;
      await confirmedAccount(email);
      const { max } = authLimits.signIn.perAccount;
      const results = await Promise.all(
        Array.from({ length: max + 3 }, () => signIn(email, "Wrong-Password-1")).map((p) => p.then(answer)),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 401)).toHaveLength(max);
      expect(statuses.filter((s) => s === 429)).toHaveLength(3);
      const limited = results.find((r) => r.status === 429)!;
      expect(limited.data.toast).toEqual({
        kind: "error",
        title: "Error",
        text: "Too many attempts. Please wait a while and try again.",
      });
      // The right password does not get through either while the account's window is full.
      expect(answer(await signIn(email)).status).toBe(429);
    });

    it("answers a limited unknown e-mail like a limited known one", async () => {
      const { max } = authLimits.signIn.perAccount;
      const last = async (email: string) => {
        let result: Answer | undefined;
        for (let i = 0; i <= max; i++) result = answer(await signIn(email, "Wrong-Password-1"));
        return result!;
      };
      const known = `limited-${testDb.name}@example.com`;
      const ghost = `limited-ghost-${testDb.name}@example.com`;
      await confirmedAccount(known);
      const knownAnswer = await last(known);
      const ghostAnswer = await last(ghost);
      expect(knownAnswer.status).toBe(429);
      expect(JSON.stringify(ghostAnswer).replace(ghost, known)).toBe(JSON.stringify(knownAnswer));
    });

    it("limits sign-ups and reset requests per address and per account", async () => {
      const ip = freshIp();
      const { max: signUpsPerIp } = authLimits.signUp.perIp;
      for (let i = 0; i < signUpsPerIp; i++) {
        const result = answer(
          await call(authAction, formRequest("/auth", signUpFields(`ip${i}-${testDb.name}@example.com`)), ip),
        );
        expect(result.status).toBe(200);
      }
      const blocked = answer(
        await call(authAction, formRequest("/auth", signUpFields(`ip-last-${testDb.name}@example.com`)), ip),
      );
      expect(blocked.status).toBe(429);
      expect(
        await handle.db
          .select()
          .from(user)
          .where(eq(user.email, `ip-last-${testDb.name}@example.com`)),
      ).toHaveLength(0);

      const email = `reset-limit-${testDb.name}@example.com`;
      await confirmedAccount(email);
      const { max: resetsPerAccount } = authLimits.resetRequest.perAccount;
      for (let i = 0; i < resetsPerAccount; i++) {
        expect(answer(await call(forgotAction, formRequest("/auth/forgot-password", { email }))).status).toBe(
          200,
        );
      }
      expect(answer(await call(forgotAction, formRequest("/auth/forgot-password", { email }))).status).toBe(
        429,
      );
      expect(
        (await mailsTo(email)).filter((m) => m.subject === "Reset your Leadworks password"),
      ).toHaveLength(resetsPerAccount);

      const buckets = await handle.db
        .select({ bucket: rateLimitHits.bucket, n: sql<number>`count(*)::int` })
        .from(rateLimitHits)
        .where(eq(rateLimitHits.bucket, `auth:resetRequest:account:${email}`))
        .groupBy(rateLimitHits.bucket);
      expect(buckets).toEqual([{ bucket: `auth:resetRequest:account:${email}`, n: resetsPerAccount }]);
    });
  });
});
