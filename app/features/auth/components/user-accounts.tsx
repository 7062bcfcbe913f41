/**
 * The accounts of /admin/users, 50 a page (issue 25 §7): search and role filter, the table with each
 * account's roles, status and changes, and the pager. A row is kept light because a page has 50: its
 * buttons submit one shared form (their value names the change and the account), and the company name
 * editor is drawn only in the row whose "Change" link was followed (`?edit=`), which works without
 * JavaScript too.
 */
import { Search } from "lucide-react";
import { useRef } from "react";
import { Form, Link, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { ColumnHeads } from "~/components/ui/column-heads";
import { FilterField } from "~/components/ui/filter-field";
import { FormStatus } from "~/components/ui/form-status";
import { Input } from "~/components/ui/input";
import { KeysetPager } from "~/components/ui/keyset-pager";
import { LocalTime } from "~/components/ui/local-time";
import { NativeSelect, SelectOptions } from "~/components/ui/native-select";
import { ScrollFrame } from "~/components/ui/scroll-frame";
import type { AppRole } from "~/db/enums";
import { formatTotal, withPageCursor, type KeysetPage } from "~/lib/paging";
import type { Toast } from "~/lib/toast-message";
import { useFieldsFollowUrl } from "~/lib/use-fields-follow-url";
import { useSending } from "~/lib/use-sending";
import { cn } from "~/lib/utils";
import {
  changeValue,
  userListSearch,
  userRoleFilters,
  type AccountChange,
  type UserListQuery,
} from "../user-list.schema";
import type { UserRow, UserStatus } from "../user-list.server";

const statusLabel: Record<UserStatus, string> = {
  active: "Active",
  unconfirmed: "Unconfirmed",
  invited: "Invited",
  disabled: "Disabled",
};

const statusClass: Record<UserStatus, string> = {
  active: "bg-emerald-100 text-emerald-900",
  unconfirmed: "bg-amber-100 text-amber-950",
  invited: "bg-blue-100 text-blue-900",
  disabled: "bg-red-100 text-red-900",
};

/** The form every row's change buttons submit (they name it with their `form` attribute). */
const CHANGE_FORM_ID = "account-change";

export function UserAccounts({
  users,
  query,
  actorId,
  toast,
}: {
  users: KeysetPage<UserRow>;
  query: UserListQuery;
  actorId: string;
  /** A change's result, shown here until the page has JavaScript (then it is a toast). */
  toast: Toast | undefined;
}) {
  const firstPage = `/admin/users${userListSearch(query)}`;
  const { search } = useLocation();
  return (
    <section aria-labelledby="users-heading">
      <h2 id="users-heading" className="text-xl font-bold">
        Accounts <span className="font-normal text-muted-foreground">({formatTotal(users.total)})</span>
      </h2>
      <AccountFilters query={query} />
      {toast && (
        <div className="mt-4">
          <FormStatus toast={toast} />
        </div>
      )}
      {users.rows.length === 0 ? (
        <p role="status" className="mt-4 rounded-xl border border-border p-6 text-muted-foreground">
          {emptyText(query)}
        </p>
      ) : (
        <>
          <Form method="post" id={CHANGE_FORM_ID} preventScrollReset />
          <ScrollFrame label="Accounts table" className="mt-4">
            <table className="w-full min-w-[56rem] text-left text-sm [&_td]:px-4 [&_td]:py-3 [&_td]:align-top">
              <caption className="sr-only">Accounts with their roles and status</caption>
              <ColumnHeads names={["User", "Company", "Roles", "Status", "Created", "Actions"]} />
              <tbody className="divide-y divide-border">
                {users.rows.map((row) => (
                  <UserTableRow
                    key={row.id}
                    row={row}
                    isSelf={row.id === actorId}
                    editing={row.id === query.edit}
                    search={search}
                  />
                ))}
              </tbody>
            </table>
          </ScrollFrame>
        </>
      )}
      <KeysetPager
        start={users.start}
        shown={users.rows.length}
        total={users.total}
        noun={["account", "accounts"]}
        firstTo={firstPage}
        previousTo={users.previous && `/admin/users${withPageCursor(firstPage, { before: users.previous })}`}
        nextTo={users.next && `/admin/users${withPageCursor(firstPage, { after: users.next })}`}
      />
    </section>
  );
}

/** "No accounts match “ann” with the admin role". */
function emptyText({ q, role }: UserListQuery): string {
  if (!q && role === "all") return "No accounts yet";
  if (!q) return `No accounts have the ${role} role`;
  return `No accounts match “${q}”${role === "all" ? "" : ` with the ${role} role`}`;
}

/** Search and role, in the URL (a GET form): a filtered view can be reloaded and shared. */
function AccountFilters({ query }: { query: UserListQuery }) {
  const formRef = useRef<HTMLFormElement>(null);
  useFieldsFollowUrl(formRef, { q: query.q, role: query.role });
  const filtered = query.q !== "" || query.role !== "all";
  return (
    <Form
      ref={formRef}
      method="get"
      role="search"
      aria-label="Accounts"
      className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end"
    >
      <FilterField id="account-search" label="Search">
        <Input
          id="account-search"
          name="q"
          type="search"
          defaultValue={query.q}
          placeholder="E-mail, name or company"
          className="sm:w-72"
        />
      </FilterField>
      <FilterField id="account-role" label="Role">
        <NativeSelect id="account-role" name="role" defaultValue={query.role} className="sm:w-40">
          <SelectOptions options={userRoleFilters} />
        </NativeSelect>
      </FilterField>
      <div className="flex gap-3">
        <Button type="submit" variant="outline" size="field">
          <Search aria-hidden="true" /> Search
        </Button>
        {filtered && (
          <Button asChild variant="ghost" size="field">
            <Link to="/admin/users">Clear</Link>
          </Button>
        )}
      </div>
    </Form>
  );
}

/**
 * This page's URL with the company name editor open on `userId`'s row, or closed. The editor's field
 * takes the focus (autofocus), which also scrolls it into view when the page loads without JavaScript.
 */
function editorLink(search: string, userId: string | null): string {
  const params = new URLSearchParams(search);
  if (userId) params.set("edit", userId);
  else params.delete("edit");
  const rest = params.toString();
  return `/admin/users${rest ? `?${rest}` : ""}`;
}

function UserTableRow({
  row,
  isSelf,
  editing,
  search,
}: {
  row: UserRow;
  isSelf: boolean;
  editing: boolean;
  /** The page's URL search: the row's "Change" link keeps its page and filters. */
  search: string;
}) {
  return (
    <tr>
      <td>
        <p className="font-semibold">{row.name || "No name"}</p>
        <p className="text-muted-foreground">{row.email}</p>
      </td>
      <td>
        <p>{row.companyName ?? "None"}</p>
        {editing ? (
          <CompanyNameEditor row={row} closeTo={editorLink(search, null)} />
        ) : (
          <Link
            to={editorLink(search, row.id)}
            preventScrollReset
            className="mt-1 inline-block text-xs font-semibold text-primary hover:underline"
          >
            Change<span className="sr-only">{` company name of ${row.email}`}</span>
          </Link>
        )}
      </td>
      <td>
        {row.roles.length === 0 ? (
          <span className="text-muted-foreground">None</span>
        ) : (
          <ul className="flex flex-wrap gap-1">
            {row.roles.map((role) => (
              <li key={role} className="rounded-full bg-muted px-2 py-0.5 text-xs font-semibold capitalize">
                {role}
              </li>
            ))}
          </ul>
        )}
      </td>
      <td>
        <span className={cn("rounded-full px-2 py-0.5 text-xs font-semibold", statusClass[row.status])}>
          {statusLabel[row.status]}
        </span>
      </td>
      <td className="whitespace-nowrap">
        <LocalTime iso={row.createdAt} />
      </td>
      <td>
        <div className="flex flex-wrap gap-2">
          <RoleToggle row={row} role="admin" canRevoke={!isSelf} />
          <RoleToggle row={row} role="client" canRevoke />
          {row.status === "disabled" ? (
            <ChangeButton row={row} intent="enable" label="Enable" />
          ) : (
            !isSelf && <ChangeButton row={row} intent="disable" label="Disable" danger />
          )}
        </div>
      </td>
    </tr>
  );
}

/**
 * One change to a row's account, submitted through the shared form. While it is on its way the button
 * refuses clicks but keeps the focus (aria-disabled, as Button's `pending`).
 */
function ChangeButton({
  row,
  intent,
  role,
  label,
  danger = false,
}: {
  row: UserRow;
  intent: AccountChange;
  role?: AppRole;
  label: string;
  danger?: boolean;
}) {
  const value = changeValue(intent, row.id, role);
  const pending = useSending({ change: value });
  return (
    <button
      type="submit"
      form={CHANGE_FORM_ID}
      name="change"
      value={value}
      className={danger ? "row-button text-destructive" : "row-button"}
      aria-disabled={pending || undefined}
      onClick={(event) => {
        if (pending) event.preventDefault();
      }}
    >
      {label}
      <span className="sr-only">{` for ${row.email}`}</span>
    </button>
  );
}

/**
 * "Make admin" / "Remove admin" and the same for client: one button that grants the role when the user lacks it
 * and revokes it when they have it. An admin cannot remove their own admin role, so `canRevoke` hides it.
 */
function RoleToggle({ row, role, canRevoke }: { row: UserRow; role: AppRole; canRevoke: boolean }) {
  const has = row.roles.includes(role);
  if (has && !canRevoke) return null;
  return (
    <ChangeButton
      row={row}
      intent={has ? "revoke-role" : "grant-role"}
      role={role}
      label={`${has ? "Remove" : "Make"} ${role}`}
    />
  );
}

/** The agency sets a client's company name here (clients see it read-only on /account). */
function CompanyNameEditor({ row, closeTo }: { row: UserRow; closeTo: string }) {
  const pending = useSending({ intent: "set-company", userId: row.id });
  const inputId = `company-${row.id}`;
  return (
    <Form method="post" preventScrollReset className="mt-2 flex flex-wrap items-center gap-2">
      <input type="hidden" name="intent" value="set-company" />
      <input type="hidden" name="userId" value={row.id} />
      <label htmlFor={inputId} className="sr-only">
        {`Company name of ${row.email}`}
      </label>
      <Input
        id={inputId}
        name="companyName"
        autoComplete="off"
        // Opened by the row's "Change" link: the field takes the focus the link had.
        autoFocus
        defaultValue={row.companyName ?? ""}
        className="h-8 w-44"
      />
      <Button type="submit" size="xs" pending={pending}>
        {pending ? "Saving..." : "Save"}
        <span className="sr-only">{` company name of ${row.email}`}</span>
      </Button>
      <Link to={closeTo} preventScrollReset className="text-xs font-semibold text-primary hover:underline">
        Close<span className="sr-only">{` company name of ${row.email}`}</span>
      </Link>
    </Form>
  );
}
