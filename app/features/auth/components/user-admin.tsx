/** The /admin/users page: invite a client, the accounts with their roles and status, and the change log. */
import { getInputProps } from "@conform-to/react";
import { useEffect } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { FormStatus } from "~/components/ui/form-status";
import { Input } from "~/components/ui/input";
import { showToastNow } from "~/lib/toast";
import { LocalTime } from "~/components/ui/local-time";
import { useHydrated } from "~/lib/use-hydrated";
import { useSchemaForm } from "~/lib/use-schema-form";
import { cn } from "~/lib/utils";
import type { Role } from "~/lib/actor";
import { accountMax, inviteClientSchema } from "../auth.schema";
import type { UserAdminResult } from "../user-admin-action.server";
import type { AuditEntry, UserRow, UserStatus } from "../user-admin.server";
import { NameFields } from "./name-fields";
import { EmailField } from "~/components/ui/email-field";
import { ScrollFrame } from "~/components/ui/scroll-frame";
import { ColumnHeads } from "~/components/ui/column-heads";
import { PageTitle } from "~/components/ui/page-title";
import { useSending } from "~/lib/use-sending";

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

const actionLabel: Record<string, string> = {
  "user.invited": "Invited",
  "user.created": "Created",
  "user.disabled": "Disabled",
  "user.enabled": "Enabled",
  "role.granted": "Role granted",
  "role.revoked": "Role removed",
  "company.changed": "Company changed",
  "team.member_invited": "Invited to a team",
  "team.role_changed": "Team role changed",
  "team.member_removed": "Removed from a team",
  "api_key.created": "API key created",
  "api_key.revoked": "API key revoked",
  "webhook.created": "Webhook created",
  "webhook.url_changed": "Webhook URL changed",
  "webhook.secret_rotated": "Webhook secret replaced",
  "webhook.secret_revealed": "Webhook secret revealed",
  "webhook.removed": "Webhook removed",
};

export function UserAdmin({
  users,
  audit,
  actorId,
  result,
}: {
  users: UserRow[];
  audit: AuditEntry[];
  actorId: string;
  result: UserAdminResult | undefined;
}) {
  const changeResult = result && result.intent !== "invite" ? result : undefined;
  const hydrated = useHydrated();
  useEffect(() => {
    if (changeResult) showToastNow(changeResult.toast);
  }, [changeResult]);

  return (
    <div className="space-y-12">
      <header>
        <PageTitle>Users</PageTitle>
        <p className="mt-2 text-muted-foreground">
          Invite clients, set company names, grant or remove roles, and disable accounts. Every change is
          recorded below.
        </p>
      </header>
      <InviteClientForm result={result?.intent === "invite" ? result : undefined} />
      <section aria-labelledby="users-heading">
        <h2 id="users-heading" className="text-xl font-bold">
          Accounts <span className="font-normal text-muted-foreground">({users.length})</span>
        </h2>
        {!hydrated && <FormStatus toast={changeResult?.toast} />}
        <ScrollFrame label="Accounts table" className="mt-4">
          <table className="w-full min-w-[56rem] text-left text-sm">
            <caption className="sr-only">Accounts with their roles and status</caption>
            <ColumnHeads names={["User", "Company", "Roles", "Status", "Created", "Actions"]} />
            <tbody className="divide-y divide-border">
              {users.map((row) => (
                <UserTableRow key={row.id} row={row} isSelf={row.id === actorId} />
              ))}
            </tbody>
          </table>
        </ScrollFrame>
      </section>
      <AuditLog entries={audit} />
    </div>
  );
}

function InviteClientForm({ result }: { result: UserAdminResult | undefined }) {
  const { fields, ...form } = useSchemaForm(inviteClientSchema, { id: "invite", reply: result });
  const { email, companyName } = fields;
  const submitting = useSending({ intent: "invite" });
  return (
    <section
      aria-labelledby="invite-heading"
      className="rounded-2xl border border-border bg-card p-6 shadow-sm"
    >
      <h2 id="invite-heading" className="text-xl font-bold">
        Invite a client
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Creates a client account and emails a link to set the password (valid for 7 days).
      </p>
      <Form method="post" {...form.formProps} className="mt-5 space-y-5" aria-labelledby="invite-heading">
        <input type="hidden" name="intent" value="invite" />
        <FormStatus toast={form.shownStatus} />
        <div className="grid gap-5 md:grid-cols-2">
          <EmailField
            id={email.id}
            error={email.errors?.[0]}
            control={getInputProps(email, { type: "email" })}
            ownAddress={false}
          />
          <FormField
            id={companyName.id}
            label="Company name"
            error={companyName.errors?.[0]}
            limit={accountMax.companyName}
          >
            <Input {...getInputProps(companyName, { type: "text" })} autoComplete="off" />
          </FormField>
          <NameFields firstName={fields.firstName} lastName={fields.lastName} ownName={false} />
        </div>
        <Button type="submit" pending={submitting}>
          {submitting ? "Sending invitation..." : "Send Invitation"}
        </Button>
      </Form>
    </section>
  );
}

function ChangeButton({
  userId,
  email,
  intent,
  role,
  label,
  danger = false,
}: {
  userId: string;
  email: string;
  intent: "grant-role" | "revoke-role" | "disable" | "enable";
  role?: Role;
  label: string;
  danger?: boolean;
}) {
  const pending = useSending({ intent, userId, role });
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="userId" value={userId} />
      {role && <input type="hidden" name="role" value={role} />}
      <Button
        type="submit"
        size="xs"
        variant="outline"
        pending={pending}
        className={danger ? "text-destructive" : undefined}
      >
        {label}
        <span className="sr-only"> for {email}</span>
      </Button>
    </Form>
  );
}

/** The agency sets a client's company name here (clients see it read-only on /account). */
function CompanyNameEditor({ row }: { row: UserRow }) {
  const pending = useSending({ intent: "set-company", userId: row.id });
  const inputId = `company-${row.id}`;
  return (
    <details className="mt-1">
      <summary className="cursor-pointer text-xs font-semibold text-primary">
        Change<span className="sr-only"> company name of {row.email}</span>
      </summary>
      <Form method="post" className="mt-2 flex items-center gap-2">
        <input type="hidden" name="intent" value="set-company" />
        <input type="hidden" name="userId" value={row.id} />
        <label htmlFor={inputId} className="sr-only">
          Company name of {row.email}
        </label>
        <Input
          id={inputId}
          name="companyName"
          autoComplete="off"
          defaultValue={row.companyName ?? ""}
          className="h-8 w-44"
        />
        <Button type="submit" size="xs" pending={pending}>
          {pending ? "Saving..." : "Save"}
          <span className="sr-only"> company name of {row.email}</span>
        </Button>
      </Form>
    </details>
  );
}

/**
 * "Make admin" / "Remove admin" and the same for client: one button that grants the role when the user lacks it
 * and revokes it when they have it. An admin cannot remove their own admin role, so `canRevoke` hides it.
 */
function RoleToggle({
  row,
  role,
  canRevoke,
}: {
  row: UserRow;
  role: "admin" | "client";
  canRevoke: boolean;
}) {
  const has = row.roles.includes(role);
  if (has && !canRevoke) return null;
  return (
    <ChangeButton
      userId={row.id}
      email={row.email}
      intent={has ? "revoke-role" : "grant-role"}
      role={role}
      label={`${has ? "Remove" : "Make"} ${role}`}
    />
  );
}

function UserTableRow({ row, isSelf }: { row: UserRow; isSelf: boolean }) {
  return (
    <tr className="align-top">
      <td className="px-4 py-3">
        <p className="font-semibold">{row.name || "No name"}</p>
        <p className="text-muted-foreground">{row.email}</p>
      </td>
      <td className="px-4 py-3">
        <p>{row.companyName ?? "None"}</p>
        <CompanyNameEditor row={row} />
      </td>
      <td className="px-4 py-3">
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
      <td className="px-4 py-3">
        <span className={cn("rounded-full px-2 py-0.5 text-xs font-semibold", statusClass[row.status])}>
          {statusLabel[row.status]}
        </span>
      </td>
      <td className="px-4 py-3 whitespace-nowrap">
        <LocalTime iso={row.createdAt} />
      </td>
      <td className="px-4 py-3">
        <div className="flex flex-wrap gap-2">
          <RoleToggle row={row} role="admin" canRevoke={!isSelf} />
          <RoleToggle row={row} role="client" canRevoke />
          {row.status === "disabled" ? (
            <ChangeButton userId={row.id} email={row.email} intent="enable" label="Enable" />
          ) : (
            !isSelf && (
              <ChangeButton userId={row.id} email={row.email} intent="disable" label="Disable" danger />
            )
          )}
        </div>
      </td>
    </tr>
  );
}

function AuditLog({ entries }: { entries: AuditEntry[] }) {
  return (
    <section aria-labelledby="audit-heading">
      <h2 id="audit-heading" className="text-xl font-bold">
        Recent changes
      </h2>
      {entries.length === 0 ? (
        <p className="mt-4 text-muted-foreground">No changes recorded yet</p>
      ) : (
        <ScrollFrame label="Recent changes table" className="mt-4">
          <table className="w-full min-w-[48rem] text-left text-sm">
            <caption className="sr-only">Changes to accounts, newest first</caption>
            <ColumnHeads names={["When", "By", "Change", "Account", "Details"]} />
            <tbody className="divide-y divide-border">
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td className="px-4 py-3 whitespace-nowrap">
                    <LocalTime iso={entry.createdAt} />
                  </td>
                  <td className="px-4 py-3">{entry.actorEmail ?? "Command line"}</td>
                  <td className="px-4 py-3">{actionLabel[entry.action] ?? entry.action}</td>
                  <td className="px-4 py-3">
                    {entry.targetEmail ?? (entry.action.startsWith("api_key.") ? "None" : "Deleted account")}
                  </td>
                  <td className="px-4 py-3 text-muted-foreground">{describeDetails(entry.details)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollFrame>
      )}
    </section>
  );
}

function describeDetails(details: Record<string, unknown>): string {
  const parts: string[] = [];
  if (typeof details.role === "string") parts.push(`role ${details.role}`);
  if (typeof details.companyName === "string") parts.push(`company ${details.companyName}`);
  if (details.companyName === null) parts.push("company removed");
  if (details.via === "cli") parts.push("via command line");
  if (typeof details.name === "string") parts.push(`key ${details.name}`);
  return parts.join(", ") || "None";
}
