/**
 * Who is asking, as every loader, action and data function sees it. The signed-in user's roles grant
 * permissions (permissions.ts); features take the actor as their first argument and check a permission
 * before touching a row.
 */
import type { AppRole } from "~/db/enums";
import type { Permission, Principal } from "./permissions";

export type Role = AppRole;

export interface Profile {
  firstName: string | null;
  lastName: string | null;
  email: string;
  companyName: string | null;
  phone: string | null;
}

/** The signed-in user, as every protected loader and action sees them. */
export interface Actor extends Principal {
  kind: "user";
  id: string;
  email: string;
  name: string;
  sessionId: string;
  roles: Role[];
  permissions: ReadonlySet<Permission>;
  profile: Profile | null;
}
