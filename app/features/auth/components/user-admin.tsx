/**
 * The /admin/users page: invite a client, the accounts with their roles and status (user-accounts.tsx), and
 * the last 50 changes.
 */
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
import type { KeysetPage } from "~/lib/paging";
import { accountMax, inviteClientSchema } from "../auth.schema";
import type { UserAdminResult } from "../user-admin-action.server";
import type { AuditEntry } from "../user-admin.server";
import type { UserListQuery } from "../user-list.schema";
import type { UserRow } from "../user-list.server";
import { UserAccounts } from "./user-accounts";
import { NameFields } from "./name-fields";
import { EmailField } from "~/components/ui/email-field";
import { ScrollFrame } from "~/components/ui/scroll-frame";
import { ColumnHeads } from "~/components/ui/column-heads";
import { PageTitle } from "~/components/ui/page-title";
import { useSending } from "~/lib/use-sending";

const actionLabel: Record<string, string> = {
  "user.invited": "Invited",
  "user.created": "Created",
  "user.disabled": "Disabled",
  "user.enabled": "Enabled",
  "role.granted": "Role granted",
  "role.revoked": "Role removed",
  "company.changed": "Company changed",
  "team.member_invited": "Invited to a team",
  "team.invitation_of_existing": "Team invitation to an address with an account",
  "team.invitation_expired": "Team invitation expired, account released",
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
  query,
  actorId,
  result,
}: {
  users: KeysetPage<UserRow>;
  audit: AuditEntry[];
  query: UserListQuery;
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
      <UserAccounts
        users={users}
        query={query}
        actorId={actorId}
        toast={hydrated ? undefined : changeResult?.toast}
      />
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
          <table className="w-full min-w-[48rem] text-left text-sm [&_td]:px-4 [&_td]:py-3">
            <caption className="sr-only">Changes to accounts, newest first</caption>
            <ColumnHeads names={["When", "By", "Change", "Account", "Details"]} />
            <tbody className="divide-y divide-border">
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td className="whitespace-nowrap">
                    <LocalTime iso={entry.createdAt} />
                  </td>
                  <td>{entry.actorEmail ?? "Command line"}</td>
                  <td>{actionLabel[entry.action] ?? entry.action}</td>
                  <td>
                    {entry.targetEmail ?? (entry.action.startsWith("api_key.") ? "None" : "Deleted account")}
                  </td>
                  <td className="text-muted-foreground">{describeDetails(entry.details)}</td>
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
