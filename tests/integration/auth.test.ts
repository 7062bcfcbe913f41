/**
 * Accounts against real databases, through the real route loaders and actions with real Requests:
 * sign-up and its confirmation e-mail, sign-in before and after confirming, identical answers for an
 * unknown e-mail and a wrong password, password reset, the role helpers, disabled accounts, client
 * invitations, the profile page and the attempt limits.
 */
import { and, eq, like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
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
import { getAuthState, requireArea, requireUser } from "~/features/auth/access.server";
import { authLimits } from "~/features/auth/rate-limits.server";
import {
  defaultSignInPolicy,
  setSignInPolicy,
  type SignInPolicy,
} from "~/features/auth/sign-in-limits.server";
import { pruneRateLimitHits } from "~/lib/rate-limit.server";
import { loader as rootLoader } from "~/root";
import { loader as accountLoader } from "~/routes/account";
import { loader as adminLayoutLoader } from "~/routes/admin/layout";
import { action as usersAction, loader as usersLoader } from "~/routes/admin/users";
import { action as authAction, loader as authLoader } from "~/routes/auth/auth";
import { action as forgotAction } from "~/routes/auth/forgot-password";
import { action as resetAction } from "~/routes/auth/reset-password";
import { action as signOutAction } from "~/routes/auth/sign-out";
import { loader as verifyLoader } from "~/routes/auth/verify-email";
import { testDatabases } from "../support/databases";
import {
  confirmedUser,
  postAccount,
  sessionCookie,
  stubAuthEnv,
  useTestDatabase,
} from "../support/integration-fixtures";
import {
  answer,
  ORIGIN,
  type Answer,
  call,
  formRequest,
  freshIp,
  getRequest,
  redirectOf,
} from "../support/route-calls";
import { permissionsOf } from "~/lib/permissions";

stubAuthEnv({ IP_RATE_LIMITS: "on" });

const PASSWORD = "Harbor-Light-42";
const NEW_PASSWORD = "Quiet-Meadow-77";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

// ---------------------------------------------------------------- flows

describe.each(testDatabases)("accounts on $name", (testDb) => {
  const database = useTestDatabase(testDb);

  const mailsTo = (email: string) =>
    database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, email))
      .orderBy(mailOutbox.createdAt);

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
    const [row] = await database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    return row!.id;
  }

  async function adminCookie(email: string): Promise<string> {
    await confirmedUser({ email, password: PASSWORD, role: "admin" });
    return sessionCookie(email, PASSWORD);
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
    const [account] = await database.db.select().from(user).where(eq(user.email, email));
    expect(account).toMatchObject({ name: "Maya", emailVerified: false, disabledAt: null });
    expect(account!.id).toMatch(UUID);
    const [profile] = await database.db.select().from(profiles).where(eq(profiles.userId, account!.id));
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
    expect(await database.db.select().from(user).where(eq(user.email, email))).toHaveLength(0);

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
    const [row] = await database.db.select().from(user).where(eq(user.email, email));
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
    const [stored] = await database.db.select().from(session).where(eq(session.userId, row!.id));
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
    expect(await database.db.select().from(user).where(eq(user.email, email))).toHaveLength(1);
    expect((await mailsTo(email)).map((m) => m.subject)).toEqual([
      "Confirm your Leadworks account",
      "Your Leadworks account",
    ]);
  });

  it("exposes the signed-in user to the root loader and sends them away from /auth; sign-out ends the session", async () => {
    const email = `root-${testDb.name}@example.com`;
    const id = await confirmedAccount(email);
    const anonymous = answer(await call(rootLoader, getRequest("/")));
    expect(anonymous.data).toMatchObject({ user: null, areas: { admin: false, client: false } });
    // The header needs the name only: the profile stays out of every page's data.
    expect(anonymous.data).not.toHaveProperty("profile");

    const cookie = await sessionCookie(email, PASSWORD);
    const signedIn = answer(await call(rootLoader, getRequest("/", { cookie })));
    expect(signedIn.data).toMatchObject({
      user: { id, email, name: "Maya Rivers" },
      areas: { admin: false, client: false },
      siteUrl: ORIGIN,
    });
    expect(redirectOf(await call(authLoader, getRequest("/auth", { cookie }))).location).toBe("/");

    const signedOut = redirectOf(await call(signOutAction, formRequest("/auth/sign-out", {}, { cookie })));
    expect(signedOut.location).toBe("/");
    expect(
      signedOut.cookies.some((c) => c.startsWith("leadworks.session_token=;") && /Max-Age=0/i.test(c)),
    ).toBe(true);
    expect(await database.db.select().from(session).where(eq(session.userId, id))).toHaveLength(0);
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
    const plain = await sessionCookie(plainEmail, PASSWORD);
    const clientEmail = `client-${testDb.name}@example.com`;
    await confirmedUser({ email: clientEmail, password: PASSWORD, role: "client" });
    const client = await sessionCookie(clientEmail, PASSWORD);
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
    await expect(requireArea(asRequest(client), "client")).resolves.toMatchObject({
      roles: ["client"],
      permissions: permissionsOf(["client"], "owner"),
    });
    await expect(requireArea(asRequest(admin), "admin")).resolves.toMatchObject({
      roles: ["admin"],
      permissions: permissionsOf(["admin"]),
    });
    for (const cookie of [plain, admin]) {
      const denied = redirectOf(
        await requireArea(asRequest(cookie), "client").catch((thrown: unknown) => thrown),
      );
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
    const cookie = await sessionCookie(email, PASSWORD);
    expect((await getAuthState(getRequest("/", { cookie }))).actor?.email).toBe(email);

    const disabled = answer(
      await call(
        usersAction,
        formRequest("/admin/users", { intent: "disable", userId: id }, { cookie: admin }),
      ),
    );
    expect(disabled).toMatchObject({ status: 200, data: { ok: true } });
    expect(await database.db.select().from(session).where(eq(session.userId, id))).toHaveLength(0);
    expect((await getAuthState(getRequest("/", { cookie }))).actor).toBeNull();
    expect(redirectOf(await call(accountLoader, getRequest("/account", { cookie }))).location).toBe(
      "/auth?redirectTo=%2Faccount",
    );

    const refused = answer(await signIn(email));
    expect(refused.status).toBe(403);
    expect(refused.data.toast?.text).toMatch(/disabled/);
    expect(await database.db.select().from(session).where(eq(session.userId, id))).toHaveLength(0);

    // Even a session written behind our back does not count while the account is disabled.
    await database.db.update(user).set({ disabledAt: new Date() }).where(eq(user.id, id));
    answer(
      await call(
        usersAction,
        formRequest("/admin/users", { intent: "enable", userId: id }, { cookie: admin }),
      ),
    );
    const again = await sessionCookie(email, PASSWORD);
    await database.db.update(user).set({ disabledAt: new Date() }).where(eq(user.id, id));
    expect((await getAuthState(getRequest("/", { cookie: again }))).actor).toBeNull();

    const log = await database.db
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
    const [adminRow] = await database.db.select({ id: user.id }).from(user).where(eq(user.email, adminEmail));
    const email = `promoted-${testDb.name}@example.com`;
    const id = await confirmedAccount(email);
    const post = (fields: Record<string, string>) =>
      call(usersAction, formRequest("/admin/users", fields, { cookie: admin }));

    expect(answer(await post({ intent: "grant-role", userId: id, role: "client" })).data.ok).toBe(true);
    expect(answer(await post({ intent: "grant-role", userId: id, role: "admin" })).data.ok).toBe(true);
    expect(answer(await post({ intent: "revoke-role", userId: id, role: "admin" })).data.ok).toBe(true);
    const roles = await database.db
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
      users: { rows: { email: string; roles: string[]; status: string }[] };
      audit: { action: string; actorEmail: string; targetEmail: string; details: Record<string, unknown> }[];
    };
    expect(data.users.rows.find((u) => u.email === email)).toMatchObject({
      roles: ["client"],
      status: "active",
    });
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
    const oldSession = await sessionCookie(email, PASSWORD);

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
    expect(await database.db.select().from(session).where(eq(session.userId, id))).toHaveLength(0);
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
    await database.db
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

    const [account] = await database.db.select().from(user).where(eq(user.email, email));
    expect(account!.id).toMatch(UUID);
    expect(account!.emailVerified).toBe(false);
    const [profile] = await database.db.select().from(profiles).where(eq(profiles.userId, account!.id));
    expect(profile).toMatchObject({ companyName: "Oak Street Buyers", firstName: "Ian" });
    const [token] = await database.db.select().from(verification).where(eq(verification.value, account!.id));
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
    await expect(requireArea(getRequest("/client", { cookie }), "client")).resolves.toMatchObject({
      email,
      permissions: permissionsOf(["client"], "owner"),
      profile: { companyName: "Oak Street Buyers" },
    });
    const [entry] = await database.db
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, account!.id), eq(auditLog.action, "user.invited")));
    expect(entry!.details).toMatchObject({ email, companyName: "Oak Street Buyers", role: "client" });
  });

  it("lets a signed-in user edit their profile, validated", async () => {
    const email = `profile-${testDb.name}@example.com`;
    const id = await confirmedAccount(email);
    const cookie = await sessionCookie(email, PASSWORD);
    const page = answer(await call(accountLoader, getRequest("/account", { cookie })));
    // Without the client role the company name is the user's own to edit.
    expect(page.data).toMatchObject({ email, profile: { firstName: "Maya" }, companySetByAgency: false });

    const invalid = answer(
      await postAccount(
        { firstName: "A", lastName: "B", companyName: "C".repeat(101), phone: "12ab" },
        cookie,
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
      await postAccount(
        { firstName: " Maya ", lastName: "Stone", companyName: "Stone Capital", phone: "(512) 555-0100" },
        cookie,
      ),
    );
    expect(saved).toMatchObject({ status: 200, data: { ok: true, toast: { title: "Profile updated" } } });
    const [profile] = await database.db.select().from(profiles).where(eq(profiles.userId, id));
    expect(profile).toMatchObject({
      firstName: "Maya",
      lastName: "Stone",
      companyName: "Stone Capital",
      phone: "(512) 555-0100",
    });
    const [row] = await database.db.select({ name: user.name }).from(user).where(eq(user.id, id));
    expect(row!.name).toBe("Maya Stone");

    expect(redirectOf(await postAccount({ firstName: "X" })).location).toBe("/auth?redirectTo=%2Faccount");
  });

  it("keeps a client's company name the agency's: a crafted POST is refused, an admin changes it", async () => {
    const email = `client-company-${testDb.name}@example.com`;
    await confirmedUser({
      email,
      password: PASSWORD,
      role: "client",
      firstName: "Cleo",
      companyName: "Oak Street Buyers",
    });
    const [account] = await database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    const id = account!.id;
    const cookie = await sessionCookie(email, PASSWORD);
    const storedProfile = async () =>
      (await database.db.select().from(profiles).where(eq(profiles.userId, id)))[0]!;

    const page = answer(await call(accountLoader, getRequest("/account", { cookie })));
    expect(page.data).toMatchObject({
      companySetByAgency: true,
      profile: { companyName: "Oak Street Buyers" },
    });

    // A crafted POST with another company: 400 with a clear message, and nothing saved.
    const crafted = answer(await postAccount({ firstName: "Changed", companyName: "Evil Corp" }, cookie));
    const message = "Your company name is set by the agency. Contact us to change it.";
    expect(crafted).toMatchObject({
      status: 400,
      data: { ok: false, toast: { title: "Error", text: message }, fieldErrors: { companyName: message } },
    });
    expect(await storedProfile()).toMatchObject({ companyName: "Oak Street Buyers", firstName: "Cleo" });
    // Clearing it is a change too.
    expect(answer(await postAccount({ companyName: "" }, cookie)).status).toBe(400);

    // The page's own form sends no company field: the rest is saved, the company stays.
    const saved = answer(await postAccount({ firstName: "Cleo", phone: "512 555 0100" }, cookie));
    expect(saved).toMatchObject({ status: 200, data: { ok: true } });
    expect(await storedProfile()).toMatchObject({ companyName: "Oak Street Buyers", phone: "512 555 0100" });
    // Sending the unchanged name is fine as well.
    expect(answer(await postAccount({ companyName: " Oak Street Buyers " }, cookie)).status).toBe(200);

    // The admin sets it at /admin/users, validated and audited; clients may not.
    const admin = await adminCookie(`company-admin-${testDb.name}@example.com`);
    const setCompany = (fields: Record<string, string>, as = admin) =>
      call(usersAction, formRequest("/admin/users", { intent: "set-company", ...fields }, { cookie: as }));
    expect(redirectOf(await setCompany({ userId: id, companyName: "Evil Corp" }, cookie)).location).toBe("/");
    expect(answer(await setCompany({ userId: id, companyName: "C".repeat(101) }))).toMatchObject({
      status: 400,
      data: { toast: { text: "Company name must be less than 100 characters" } },
    });
    expect(answer(await setCompany({ userId: "no-such-user", companyName: "X" })).status).toBe(404);
    expect(answer(await setCompany({ userId: id, companyName: " Maple Capital " }))).toMatchObject({
      status: 200,
      data: { ok: true, intent: "set-company", toast: { text: `${email} now belongs to Maple Capital` } },
    });
    expect((await storedProfile()).companyName).toBe("Maple Capital");
    const [entry] = await database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, id), eq(auditLog.action, "company.changed")));
    expect(entry!.details).toEqual({ companyName: "Maple Capital" });
    const after = answer(await call(accountLoader, getRequest("/account", { cookie })));
    expect(after.data).toMatchObject({ profile: { companyName: "Maple Capital" } });
  });

  describe("attempt limits, counted in the database", () => {
    const WRONG = "Wrong-Password-1";
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const retryAfterOf = (result: unknown) =>
      new Headers((result as { init?: { headers?: HeadersInit } }).init?.headers).get("Retry-After");
    const failuresOf = async (bucket: string) => {
      const [row] = await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(rateLimitHits)
        .where(eq(rateLimitHits.bucket, bucket));
      return Number(row!.n);
    };
    const { max: pairMax, windowMs: pairWindowMs } = defaultSignInPolicy.accountAtAddress[0]!;

    /** Runs `fn` under another sign-in policy (short windows instead of minutes of waiting). */
    async function withPolicy(changes: Partial<SignInPolicy>, fn: () => Promise<void>) {
      const restore = setSignInPolicy({ ...defaultSignInPolicy, ...changes });
      try {
        await fn();
      } finally {
        restore();
      }
    }

    it("never counts a successful sign-in: a dozen in a row from one address all get through", async () => {
      const email = `regular-${testDb.name}@example.com`;
      await confirmedAccount(email);
      const ip = freshIp();
      for (let i = 0; i < 12; i++)
        expect(redirectOf(await signIn(email, PASSWORD, {}, ip)).location).toBe("/");
      // Failures before a success stop counting: two rounds of pairMax - 1 typos never block.
      for (let round = 0; round < 2; round++) {
        for (let i = 0; i < pairMax - 1; i++)
          expect(answer(await signIn(email, WRONG, {}, ip)).status).toBe(401);
        expect(redirectOf(await signIn(email, PASSWORD, {}, ip)).location).toBe("/");
      }
      expect(await failuresOf(`auth:signIn:failures:account:${email}`)).toBe(2 * (pairMax - 1));
    });

    it("blocks an account at one address after its failures, while the right password from another address gets in", async () => {
      const email = `blocked-${testDb.name}@example.com`;
      await confirmedAccount(email);
      const attacker = freshIp();
      for (let i = 0; i < pairMax; i++)
        expect(answer(await signIn(email, WRONG, {}, attacker)).status).toBe(401);

      const refused = await signIn(email, WRONG, {}, attacker);
      expect(answer(refused)).toMatchObject({
        status: 429,
        data: {
          toast: {
            kind: "error",
            title: "Error",
            text: "Too many attempts. Please wait a while and try again.",
          },
        },
      });
      const retryAfter = Number(retryAfterOf(refused));
      expect(retryAfter).toBeGreaterThan(pairWindowMs / 1000 - 60);
      expect(retryAfter).toBeLessThanOrEqual(pairWindowMs / 1000);
      // Blocked means the password is not even tested: the right one is refused too, and nothing is counted.
      expect(answer(await signIn(email, PASSWORD, {}, attacker)).status).toBe(429);
      expect(await failuresOf(`auth:signIn:failures:account:${email}`)).toBe(pairMax);

      expect(redirectOf(await signIn(email, PASSWORD, {}, freshIp())).location).toBe("/");
      // The address is not blocked for other accounts either (its spraying cap is far away).
      const other = `blocked-other-${testDb.name}@example.com`;
      await confirmedAccount(other);
      expect(redirectOf(await signIn(other, PASSWORD, {}, attacker)).location).toBe("/");
    });

    it("keeps a blocked address blocked, right password included, until its window has passed", async () => {
      const email = `window-${testDb.name}@example.com`;
      await confirmedAccount(email);
      await withPolicy({ accountAtAddress: [{ max: 2, windowMs: 4000 }] }, async () => {
        const ip = freshIp();
        for (let i = 0; i < 2; i++) expect(answer(await signIn(email, WRONG, {}, ip)).status).toBe(401);
        const refused = await signIn(email, PASSWORD, {}, ip);
        expect(answer(refused).status).toBe(429);
        const retryAfter = Number(retryAfterOf(refused));
        expect(retryAfter).toBeGreaterThanOrEqual(1);
        expect(retryAfter).toBeLessThanOrEqual(4);
        await sleep(retryAfter * 1000);
        expect(redirectOf(await signIn(email, PASSWORD, {}, ip)).location).toBe("/");
      });
    });

    it("lets exactly the allowed number of parallel wrong passwords from one address through", async () => {
      const email = `parallel-${testDb.name}@example.com`;
      await confirmedAccount(email);
      const ip = freshIp();
      const results = await Promise.all(
        Array.from({ length: pairMax + 4 }, () => signIn(email, WRONG, {}, ip)).map((p) => p.then(answer)),
      );
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 401)).toHaveLength(pairMax);
      expect(statuses.filter((s) => s === 429)).toHaveLength(4);
      expect(await failuresOf(`auth:signIn:failures:account-address:${email}|${ip}`)).toBe(pairMax);
      // Many addresses at once are not one key: each gets its own allowance.
      const spread = await Promise.all(
        Array.from({ length: pairMax + 2 }, () => signIn(email, WRONG)).map((p) => p.then(answer)),
      );
      expect(spread.map((r) => r.status)).toEqual(Array<number>(pairMax + 2).fill(401));
    });

    it("caps one address's failures across accounts, except on accounts it signed in to before", async () => {
      const sprayer = freshIp();
      const owner = `spray-owner-${testDb.name}@example.com`;
      await confirmedAccount(owner);
      expect(redirectOf(await signIn(owner, PASSWORD, {}, sprayer)).location).toBe("/");
      await withPolicy({ address: [{ max: 6, windowMs: 60_000 }] }, async () => {
        for (let i = 0; i < 6; i++) {
          const target = `spray-${i}-${testDb.name}@example.com`;
          expect(answer(await signIn(target, WRONG, {}, sprayer)).status).toBe(401);
        }
        const capped = answer(await signIn(`spray-next-${testDb.name}@example.com`, WRONG, {}, sprayer));
        expect(capped.status).toBe(429);
        expect(redirectOf(await signIn(owner, PASSWORD, {}, sprayer)).location).toBe("/");
        expect(answer(await signIn(`spray-next-${testDb.name}@example.com`, WRONG)).status).toBe(401);
      });
    });

    it("counts an IPv6 /64 as one address and IPv4-mapped IPv6 as its IPv4 address", async () => {
      const email = `ipv6-${testDb.name}@example.com`;
      await confirmedAccount(email);
      for (let i = 1; i <= pairMax; i++) {
        expect(answer(await signIn(email, WRONG, {}, `2001:db8:6::${i}`)).status).toBe(401);
      }
      expect(answer(await signIn(email, PASSWORD, {}, "2001:0db8:0006:0:ffff::9")).status).toBe(429);
      expect(redirectOf(await signIn(email, PASSWORD, {}, "2001:db8:6:1::1")).location).toBe("/");

      const v4 = freshIp();
      for (let i = 0; i < pairMax; i++) expect(answer(await signIn(email, WRONG, {}, v4)).status).toBe(401);
      expect(answer(await signIn(email, PASSWORD, {}, `::ffff:${v4}`)).status).toBe(429);

      await withPolicy({ address: [{ max: 3, windowMs: 60_000 }] }, async () => {
        for (let i = 1; i <= 3; i++) {
          const target = `ipv6-spray-${i}-${testDb.name}@example.com`;
          expect(answer(await signIn(target, WRONG, {}, `2001:db8:beef:7::${i}`)).status).toBe(401);
        }
        const next = `ipv6-spray-next-${testDb.name}@example.com`;
        expect(answer(await signIn(next, WRONG, {}, "2001:db8:beef:7:a:b:c:d")).status).toBe(429);
        expect(answer(await signIn(next, WRONG, {}, "2001:db8:beef:8::1")).status).toBe(401);
      });
    });

    it("slows many addresses on one account with a growing delay, never a lock; trusted addresses pass", async () => {
      const email = `distributed-${testDb.name}@example.com`;
      await confirmedAccount(email);
      const home = freshIp();
      expect(redirectOf(await signIn(email, PASSWORD, {}, home)).location).toBe("/");
      const account = { ceiling: 4, windowMs: 60_000, firstDelayMs: 1500, maxDelayMs: 3000 };
      await withPolicy({ account }, async () => {
        for (let i = 0; i < 4; i++) expect(answer(await signIn(email, WRONG)).status).toBe(401);
        const slowed = await signIn(email, PASSWORD);
        expect(answer(slowed).status).toBe(429);
        const first = Number(retryAfterOf(slowed));
        expect([1, 2]).toContain(first);
        // The owner's usual address is trusted: the account-wide delay does not apply to it.
        expect(redirectOf(await signIn(email, PASSWORD, {}, home)).location).toBe("/");

        await sleep(first * 1000);
        expect(answer(await signIn(email, WRONG)).status).toBe(401);
        const slower = await signIn(email, WRONG);
        expect(answer(slower).status).toBe(429);
        const second = Number(retryAfterOf(slower));
        expect([2, 3]).toContain(second); // doubled: 3 s after the latest failure
        await sleep(second * 1000);
        expect(answer(await signIn(email, WRONG)).status).toBe(401);
        const capped = Number(retryAfterOf(await signIn(email, WRONG)));
        expect([2, 3]).toContain(capped); // 6 s, capped at 3 s
      });

      // Resetting the password from an e-mailed link trusts the address it was done from.
      await withPolicy({ account: { ...account, firstDelayMs: 60_000, maxDelayMs: 60_000 } }, async () => {
        expect(answer(await signIn(email, PASSWORD)).status).toBe(429);
        const resetAt = freshIp();
        answer(await call(forgotAction, formRequest("/auth/forgot-password", { email })));
        const link = await linkInLatestMail(email, "Reset your Leadworks password");
        const token = new URLSearchParams(link.split("?")[1]).get("token")!;
        const reset = formRequest(link, { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
        expect(redirectOf(await call(resetAction, reset, resetAt)).location).toBe("/auth");
        expect(answer(await signIn(email, NEW_PASSWORD)).status).toBe(429);
        expect(redirectOf(await signIn(email, NEW_PASSWORD, {}, resetAt)).location).toBe("/");
      });
    });

    it("prunes counted hits after a day but keeps trusted addresses for 30 days", async () => {
      const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
      const rows = [
        { bucket: `prune-test:failure-${testDb.name}`, createdAt: hoursAgo(25) },
        { bucket: `prune-test:recent-${testDb.name}`, createdAt: hoursAgo(1) },
        { bucket: `remembered:prune-test:trusted-${testDb.name}`, createdAt: hoursAgo(25 * 24) },
        { bucket: `remembered:prune-test:stale-${testDb.name}`, createdAt: hoursAgo(31 * 24) },
      ];
      await database.db.insert(rateLimitHits).values(rows);
      await pruneRateLimitHits(database.db);
      const left = await database.db
        .select({ bucket: rateLimitHits.bucket })
        .from(rateLimitHits)
        .where(like(rateLimitHits.bucket, "%prune-test:%"));
      expect(left.map((r) => r.bucket).sort()).toEqual([
        `prune-test:recent-${testDb.name}`,
        `remembered:prune-test:trusted-${testDb.name}`,
      ]);
    });

    it("answers a limited unknown e-mail like a limited known one", async () => {
      const last = async (email: string) => {
        const ip = freshIp();
        let result: Answer | undefined;
        for (let i = 0; i <= pairMax; i++) result = answer(await signIn(email, WRONG, {}, ip));
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
        await database.db
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

      const buckets = await database.db
        .select({ bucket: rateLimitHits.bucket, n: sql<number>`count(*)::int` })
        .from(rateLimitHits)
        .where(eq(rateLimitHits.bucket, `auth:resetRequest:account:${email}`))
        .groupBy(rateLimitHits.bucket);
      expect(buckets).toEqual([{ bucket: `auth:resetRequest:account:${email}`, n: resetsPerAccount }]);
    });
  });
});
