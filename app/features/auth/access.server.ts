/**
 * Who is asking: the one access module. Loaders and actions call `requireUser` or `requireArea`, which
 * throw a redirect for anonymous visitors (to /auth, coming back afterwards) and for signed-in users
 * without the area's permission (to / with an 'Access Denied' toast); resources behind the pages call
 * `requirePermissionOr404`. A disabled account counts as
 * signed out, and so does a session past its absolute lifetime (30 days, 12 hours for admins: it is
 * deleted on the spot). The answer is computed once per request.
 */
import { aliasedTable, eq, sql } from "drizzle-orm";
import { data, redirect } from "react-router";
import { isAppRole } from "~/db/enums";
import { clientMembers, profiles, user, userRoles } from "~/db/schema";
import type { Actor, ApiKeyActor } from "~/lib/actor";
import { problem } from "~/lib/problem";
import { can, permissionsOf, scopeGranting, type Permission } from "~/lib/permissions";
import { redirectWithToast } from "~/lib/flash.server";
import { currentRequestScope, noteRequestUser } from "~/lib/log.server";
import { SESSION_COOKIE_PREFIX } from "~/lib/personal-cookies";
import { authHeaders, signOut } from "./accounts.server";
import { countApiKeyUse } from "./api-keys.server";
import { API_RATE_WINDOW_S } from "./api-rate-window";
import { getAuth } from "./auth.server";
import { sessionLifetimeEnded } from "./session-lifetime";
import { markSessionActive } from "./sessions.server";
import { safeRedirectPath } from "./safe-redirect";

export interface AuthState {
  actor: Actor | null;
  /** Cookies to send back: a refreshed session (sliding expiry) or the clearing of a dead one. */
  setCookies: string[];
}

const sessionCookie = new RegExp(`(?:^|;\\s*)(?:__Secure-)?${SESSION_COOKIE_PREFIX}\\.session_token=`);

export function hasSessionCookie(request: Request): boolean {
  return sessionCookie.test(request.headers.get("cookie") ?? "");
}

const states = new WeakMap<object, Promise<AuthState>>();

/**
 * What the answer is kept under for the rest of the request. React Router hands each loader a Request
 * object of its own, so a page with a root, a layout and a page loader read the session three times
 * (three sessions, users and profiles fetched, three cookie signatures checked). A GET shares one
 * answer through the HTTP request it belongs to (the server's request scope); an action keeps its own
 * Request, so the loaders that follow it in the same request see what it changed (a new name, a role).
 */
function stateKeyOf(request: Request): object {
  const scope = request.method === "GET" || request.method === "HEAD" ? currentRequestScope() : undefined;
  return scope ?? request;
}

/** The actor of a request, or null; no database work at all when there is no session cookie. */
export function getAuthState(request: Request): Promise<AuthState> {
  if (!hasSessionCookie(request)) return Promise.resolve({ actor: null, setCookies: [] });
  const key = stateKeyOf(request);
  let state = states.get(key);
  if (!state) {
    state = loadAuthState(request);
    states.set(key, state);
    state.catch(() => states.delete(key));
  }
  return state;
}

/** The profile of the company a client member acts for: the company's name comes from it. */
const companyProfile = aliasedTable(profiles, "company_profile");

async function loadAuthState(request: Request): Promise<AuthState> {
  const { auth, db } = await getAuth();
  const { headers, response } = await auth.api.getSession({
    headers: authHeaders({ cookie: request.headers.get("cookie") }),
    returnHeaders: true,
  });
  const setCookies = headers.getSetCookie();
  if (!response || response.user.disabledAt) return { actor: null, setCookies };

  const id = response.user.id;
  const [row] = await db
    .select({
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      profileEmail: profiles.email,
      companyName: profiles.companyName,
      phone: profiles.phone,
      companyId: clientMembers.companyId,
      companyRole: clientMembers.role,
      companyProfileName: companyProfile.companyName,
      roles: sql<
        string[]
      >`array(select ${userRoles.role}::text from ${userRoles} where ${userRoles.userId} = ${user.id} order by 1)`,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .leftJoin(clientMembers, eq(clientMembers.userId, user.id))
    .leftJoin(companyProfile, eq(companyProfile.userId, clientMembers.companyId))
    .where(eq(user.id, id));
  const roles = (row?.roles ?? []).filter(isAppRole);
  if (sessionLifetimeEnded(new Date(response.session.createdAt), roles)) {
    // Past its absolute lifetime, however recently used: delete it and clear the browser's cookie.
    return { actor: null, setCookies: await signOut(request) };
  }
  await markSessionActive(response.session.id, new Date(response.session.updatedAt));
  noteRequestUser(id);
  // The client company comes from the membership (ADR 037): a client role without one acts for no company.
  const isClient = roles.includes("client") && Boolean(row?.companyId);
  const companyRole = isClient ? (row?.companyRole ?? null) : null;
  return {
    actor: {
      kind: "user",
      id,
      clientId: isClient ? row!.companyId : null,
      companyRole,
      email: response.user.email,
      name: response.user.name,
      sessionId: response.session.id,
      roles,
      permissions: permissionsOf(roles, companyRole),
      profile: row?.profileEmail
        ? {
            firstName: row.firstName,
            lastName: row.lastName,
            email: row.profileEmail,
            // A member shows their company's name, which the agency sets on the company's account.
            companyName: isClient ? (row.companyProfileName ?? row.companyName) : row.companyName,
            phone: row.phone,
          }
        : null,
    },
    setCookies,
  };
}

export async function getActor(request: Request): Promise<Actor | null> {
  return (await getAuthState(request)).actor;
}

function signInRedirect(request: Request, setCookies: string[]): Response {
  const url = new URL(request.url);
  const back = safeRedirectPath(url.pathname + url.search, "");
  const headers = new Headers();
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  return redirect(back && back !== "/" ? `/auth?redirectTo=${encodeURIComponent(back)}` : "/auth", {
    headers,
  });
}

/** The signed-in actor; anonymous visitors are sent to /auth and brought back afterwards. */
export async function requireUser(request: Request): Promise<Actor> {
  const { actor, setCookies } = await getAuthState(request);
  if (!actor) throw signInRedirect(request, setCookies);
  return actor;
}

/** The two signed-in areas, each entered with its own permission. */
export type Area = "admin" | "client";

const areaPermission: Record<Area, Permission> = { admin: "area:admin", client: "area:client" };

const deniedText: Record<Area, string> = {
  admin: "You don't have admin privileges",
  client: "You don't have client access",
};

/** The actor when they may enter `area`; others go to / with the spec's 'Access Denied' toast. */
export async function requireArea(request: Request, area: Area): Promise<Actor> {
  const actor = await requireUser(request);
  if (!can(actor, areaPermission[area])) {
    throw redirectWithToast(request, "/", { kind: "error", title: "Access Denied", text: deniedText[area] });
  }
  return actor;
}

/**
 * For resources behind the pages (downloads, exports, event streams): the actor when they hold
 * `permission`, a plain 404 for everyone else, signed in or not. No redirect, and nothing that tells an
 * outsider the resource exists.
 */
export async function requirePermissionOr404(request: Request, permission: Permission): Promise<Actor> {
  const actor = await getActor(request);
  if (!actor || !can(actor, permission)) throw data("Not found", { status: 404 });
  return actor;
}

/** Signed-in users have nothing to do on /auth: send them home. */
export async function redirectIfSignedIn(request: Request): Promise<void> {
  const { actor } = await getAuthState(request);
  if (actor) throw redirect("/");
}

// ---------------------------------------------------------------- API keys (issue 14)

/** An API request's key, and the rate-limit headers every answer to it carries. */
export interface ApiAccess {
  actor: ApiKeyActor;
  headers: Record<string, string>;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * The API key of a /api/v1 request when it holds `permission`. Throws the problem answer otherwise:
 * 401 with no key, an unknown or revoked one; 429 past the key's rate limit in the last 60 seconds
 * (counted before the scope, so a key cannot probe scopes for free); 403 when the key lacks the scope.
 */
export async function requireApiKey(request: Request, permission: Permission): Promise<ApiAccess> {
  const secret = BEARER.exec(request.headers.get("authorization") ?? "")?.[1];
  const challenge = { "WWW-Authenticate": 'Bearer realm="leadworks"' };
  if (!secret) {
    throw problem("unauthorized", "Send the API key as Authorization: Bearer <key>.", {}, challenge);
  }
  const use = secret.length <= 200 ? await countApiKeyUse(secret) : null;
  if (!use) throw problem("unauthorized", "The API key is unknown or has been revoked.", {}, challenge);
  const remaining = Math.max(0, use.limit - use.used);
  const headers = {
    "RateLimit-Policy": `"per-key";q=${use.limit};w=${API_RATE_WINDOW_S}`,
    RateLimit: `"per-key";r=${remaining};t=${use.resetSeconds}`,
    "RateLimit-Limit": String(use.limit),
    "RateLimit-Remaining": String(remaining),
    "RateLimit-Reset": String(use.resetSeconds),
  };
  if (!use.allowed) {
    const wait = Math.max(1, use.retryAfterSeconds);
    throw problem(
      "rate-limited",
      `This key may make ${use.limit} requests a minute; try again in ${wait} s.`,
      {},
      { ...headers, "Retry-After": String(wait) },
    );
  }
  if (!can(use.actor, permission)) {
    const scope = scopeGranting(permission) ?? permission;
    throw problem("forbidden", `This request needs a key with the ${scope} scope.`, {}, headers);
  }
  return { actor: use.actor, headers };
}
