/**
 * The one permission model (ADR 016). An actor (a signed-in user today; an API key or the command line
 * as well) carries a set of typed permissions, `subject:action:scope`: `any` reaches every row, `own`
 * only the rows that are the actor's (a client's assigned leads). Roles grant permissions here and
 * nowhere else; routes and the data layer ask `can`/`authorize` for a permission, never for a role.
 * A refusal is one error class, answered as 403 (or 404) in one place: server/refusals.ts.
 */
import type { AppRole, ClientMemberRole } from "~/db/enums";

export const permissions = [
  /** Enter the admin area (its pages check their own permissions too). */
  "area:admin",
  /** Enter the client portal. */
  "area:client",
  "submission:read:any",
  "submission:write:any",
  "lead:read:any",
  "lead:write:any",
  /** Add new leads (the form, the import, the API's `leads:write` keys); not change existing ones. */
  "lead:create:any",
  /** The leads assigned to the actor. */
  "lead:read:own",
  "lead:feedback:own",
  "user:manage:any",
  /** Create and revoke API keys (/admin/api-keys). */
  "api-key:manage:any",
  /** Client agreements (issue 15): what the agency promised each client. */
  "agreement:read:any",
  "agreement:write:any",
  /** The actor's own agreement, read-only. */
  "agreement:read:own",
  /** Returns (issue 15): the queue and its decisions; a client asks to return their own leads. */
  "return:read:any",
  "return:decide:any",
  "return:request:own",
  /** Every client's webhook: URL, secret, delivery log and resend (issue 14). */
  "webhook:manage:any",
  /**
   * The company's own webhook (a client's): where its leads are sent and the secret that signs them, so
   * its owners', not every member's (issue 26).
   */
  "webhook:manage:own",
  /** The people of a client company (issue 26): every member sees who is on the team... */
  "team:read:own",
  /** ...its owners invite, change and remove them... */
  "team:manage:own",
  /** ...and so do admins, for every company. */
  "team:manage:any",
] as const;

export type Permission = (typeof permissions)[number];

const granted: Record<AppRole, readonly Permission[]> = {
  admin: [
    "area:admin",
    "submission:read:any",
    "submission:write:any",
    "lead:read:any",
    "lead:write:any",
    "lead:create:any",
    "user:manage:any",
    "api-key:manage:any",
    "agreement:read:any",
    "agreement:write:any",
    "return:read:any",
    "return:decide:any",
    "webhook:manage:any",
    "team:manage:any",
  ],
  client: [
    "area:client",
    "lead:read:own",
    "lead:feedback:own",
    "agreement:read:own",
    "return:request:own",
    "team:read:own",
  ],
};

/** What a person's place in their client company adds to the client role (issue 26). */
const companyGrants: Record<ClientMemberRole, readonly Permission[]> = {
  owner: ["team:manage:own", "webhook:manage:own"],
  member: [],
};

/**
 * Everything the roles grant together, and, for a client, what their place in the company adds (a
 * company role without the client role grants nothing: the agency took the portal away).
 */
export function permissionsOf(
  roles: readonly AppRole[],
  companyRole?: ClientMemberRole | null,
): ReadonlySet<Permission> {
  const company = companyRole && roles.includes("client") ? companyGrants[companyRole] : [];
  return new Set([...roles.flatMap((role) => granted[role]), ...company]);
}

/** The scopes an API key can hold (issue 14), each with what it grants: the one place they map. */
export const apiScopes = ["leads:write", "leads:read"] as const;
export type ApiScope = (typeof apiScopes)[number];

const scopeGrants: Record<ApiScope, readonly Permission[]> = {
  "leads:write": ["lead:create:any"],
  "leads:read": ["lead:read:any"],
};

export const isApiScope = (value: string): value is ApiScope =>
  (apiScopes as readonly string[]).includes(value);

/** The scope that grants `permission` to a key, if any. */
export const scopeGranting = (permission: Permission): ApiScope | undefined =>
  apiScopes.find((scope) => scopeGrants[scope].includes(permission));

/** Everything an API key's scopes grant together (unknown scopes grant nothing). */
export function permissionsOfScopes(scopes: readonly string[]): ReadonlySet<Permission> {
  return new Set(scopes.filter(isApiScope).flatMap((scope) => scopeGrants[scope]));
}

/** Whoever asks: anything that carries permissions. */
export interface Principal {
  permissions: ReadonlySet<Permission>;
}

export const can = (actor: Principal | null | undefined, permission: Permission): boolean =>
  actor?.permissions.has(permission) ?? false;

/**
 * What a feature function needs of whoever asks: who they are (the author recorded on changes), what
 * they may do, and the client company whose records their "own" permissions reach.
 */
export interface ActorRef extends Principal {
  id: string;
  /**
   * The client company this actor acts for (the company's account id); null for staff and API keys.
   * Principals made by hand (tests, scripts) may leave it out: a client's own account is then its company.
   */
  clientId?: string | null;
}

/**
 * The client company whose records `actor`'s "own" permissions reach ("own" means the company's, not the
 * person's: a company may have several people), or null for anyone who acts for no client.
 */
export function clientOf(actor: ActorRef): string | null {
  if (actor.clientId !== undefined) return actor.clientId;
  return can(actor, "area:client") ? actor.id : null;
}

/** The actor's client company; refuses (403) an actor who acts for none. */
export function actingClient(actor: ActorRef): string {
  const clientId = clientOf(actor);
  if (!clientId) throw new NotAllowedError(NOT_ALLOWED_MESSAGE, 403, "area:client");
  return clientId;
}

/**
 * A refusal: an actor asked for something their permissions do not cover, a route let them through by
 * mistake. `status` 404 where even a refusal must not confirm that a record exists.
 */
export class NotAllowedError extends Error {
  constructor(
    /** Shown to the reader on the area's error page. */
    message: string,
    readonly status: 403 | 404 = 403,
    /** What was missing, for the log. */
    readonly permission?: Permission,
  ) {
    super(message);
    this.name = "NotAllowedError";
  }
}

export const NOT_ALLOWED_MESSAGE = "Your account does not have access to this.";

/** Throws NotAllowedError unless the actor holds `permission`. */
export function authorize<A extends Principal>(
  actor: A | null | undefined,
  permission: Permission,
): asserts actor is A {
  if (!can(actor, permission)) throw new NotAllowedError(NOT_ALLOWED_MESSAGE, 403, permission);
}

/**
 * For records that belong to someone (a client's webhook): passes when the actor holds `any`, or holds
 * `own` and is `ownerId`. Anyone else is refused with 404, so that another owner's record is as missing
 * as an unknown one.
 */
export function authorizeOwner<A extends ActorRef>(
  actor: A | null | undefined,
  permissions: { any: Permission; own: Permission },
  ownerId: string,
): asserts actor is A {
  if (can(actor, permissions.any)) return;
  if (actor && can(actor, permissions.own) && clientOf(actor) === ownerId) return;
  throw new NotAllowedError("Not found", 404, permissions.own);
}

export const isRefusal = (error: unknown): error is NotAllowedError => error instanceof NotAllowedError;

/** The HTTP answer to a refusal: its status and its short message, nothing more. */
export const refusalResponse = (refusal: NotAllowedError) =>
  new Response(refusal.message, {
    status: refusal.status,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });

/**
 * For `catch` blocks that turn unexpected failures into a friendly 500 or 503: a refusal is not one of
 * them, so it goes on to the server, which answers it.
 */
export function rethrowRefusal(error: unknown): void {
  if (isRefusal(error)) throw error;
}
