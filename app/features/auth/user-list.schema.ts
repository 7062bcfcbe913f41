/**
 * The /admin/users list's URL (issue 25 §7): a search term, a role, the page cursor, and the account whose
 * company name is being changed. Read by the loader and written back by the page's links, so a view can
 * be shared and reloaded.
 */
import { appRoles, type AppRole } from "~/db/enums";
import { EMAIL_MAX } from "~/lib/schema-parts";
import { pageCursorOf, type PageCursor } from "~/lib/paging";

/** Accounts a page shows. */
export const USERS_PAGE_SIZE = 50;

/** The role filter's choices, "all" first (no filter). */
export const userRoleFilters = [
  { value: "all", label: "All roles" },
  { value: "admin", label: "Admin" },
  { value: "client", label: "Client" },
] as const satisfies readonly { value: "all" | AppRole; label: string }[];

export type UserRoleFilter = (typeof userRoleFilters)[number]["value"];

export interface UserListQuery {
  /** Part of an e-mail, name or company name; trimmed, "" for none. */
  q: string;
  role: UserRoleFilter;
  cursor: PageCursor | undefined;
  /** The account whose company name editor is open (its row's "Change" link), if any. */
  edit: string | undefined;
}

const isRoleFilter = (value: string | null): value is UserRoleFilter =>
  value === "all" || (appRoles as readonly (string | null)[]).includes(value);

/**
 * The list's query from the URL; unknown values are ignored, not errors. A term is cut at the longest
 * e-mail address, the longest value it could be part of.
 */
export function parseUserListQuery(url: URL): UserListQuery {
  const params = url.searchParams;
  const role = params.get("role");
  const edit = params.get("edit");
  return {
    q: (params.get("q") ?? "").trim().slice(0, EMAIL_MAX),
    role: isRoleFilter(role) ? role : "all",
    cursor: pageCursorOf(params),
    edit: edit && edit.length <= 100 ? edit : undefined,
  };
}

/** The search of the list's first page with these filters ("" or "?q=...&role=..."), page and editor left out. */
export function userListSearch(query: Pick<UserListQuery, "q" | "role">): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.role !== "all") params.set("role", query.role);
  const search = params.toString();
  return search ? `?${search}` : "";
}

// ---------------------------------------------------------------- a row's change buttons

/** What a row's buttons change: a role granted or removed, the account disabled or enabled again. */
export type AccountChange = "grant-role" | "revoke-role" | "disable" | "enable";

/**
 * The `change` value of a row's button: the change, the role it is about ("" for none) and the account,
 * `grant-role:admin:<id>`. Every row's buttons submit one shared form, so the button carries it all; the
 * action reads it as the fields `intent`, `role` and `userId` (which a form of its own may still send).
 */
export const changeValue = (intent: AccountChange, userId: string, role?: AppRole) =>
  `${intent}:${role ?? ""}:${userId}`;

/** A `change` value's fields (the action checks them as it checks a form's). */
export function changeFields(value: string): { intent: string; role?: string; userId: string } {
  const [intent = "", role = "", ...id] = value.split(":");
  return { intent, ...(role && { role }), userId: id.join(":") };
}
