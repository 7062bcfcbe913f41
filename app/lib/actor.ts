/**
 * Who is asking, as every loader, action and data function sees it. The signed-in user's roles grant
 * permissions (permissions.ts); features take the actor as their first argument and check a permission
 * before touching a row.
 */
import type { AppRole, ClientMemberRole } from "~/db/enums";
import type { ActorRef, Permission } from "./permissions";

export { actingClient, clientOf, type ActorRef } from "./permissions";

export type Role = AppRole;

export interface Profile {
  firstName: string | null;
  lastName: string | null;
  email: string;
  companyName: string | null;
  phone: string | null;
}

/** The signed-in user, as every protected loader and action sees them. */
export interface Actor extends ActorRef {
  kind: "user";
  id: string;
  /** The client company they act for (their membership's, with the client role), else null. */
  clientId: string | null;
  /** Their place in that company: owners manage its team. Null when they act for no company. */
  companyRole: ClientMemberRole | null;
  email: string;
  name: string;
  sessionId: string;
  roles: Role[];
  permissions: ReadonlySet<Permission>;
  profile: Profile | null;
}

/**
 * An API key (issue 14): an actor like a user, whose permissions come from its scopes. What it creates
 * is recorded as sent by the key (its name), not by a person.
 */
export interface ApiKeyActor extends ActorRef {
  kind: "api-key";
  id: string;
  clientId: null;
  name: string;
  permissions: ReadonlySet<Permission>;
}

/** Whoever a data function may be called for. */
export type AnyActor = Actor | ApiKeyActor;

/** How the frame names a signed-in user: their profile's name, else their account's name. */
export function personName(actor: Pick<Actor, "name" | "profile">): string {
  return [actor.profile?.firstName, actor.profile?.lastName].filter(Boolean).join(" ") || actor.name;
}
