/**
 * Who is asking, as every loader, action and data function sees it. The signed-in user's roles decide
 * what they may do; features take the actor as their first argument and check it before touching a row.
 */
import type { AppRole } from "~/db/enums";

export type Role = AppRole;

export interface Profile {
  firstName: string | null;
  lastName: string | null;
  email: string;
  companyName: string | null;
  phone: string | null;
}

/** The signed-in user, as every protected loader and action sees them. */
export interface Actor {
  id: string;
  email: string;
  name: string;
  sessionId: string;
  roles: Role[];
  isAdmin: boolean;
  isClient: boolean;
  profile: Profile | null;
}
