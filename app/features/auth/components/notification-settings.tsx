/**
 * Which e-mails the signed-in person gets (/account#notifications): how new leads are announced (clients)
 * and the other notifications their roles receive. A plain POST that works without JavaScript.
 */
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FormStatus } from "~/components/ui/form-status";
import { newLeadsMailChoices } from "~/db/enums";
import type { FormReply } from "~/lib/form-reply";
import { useToast } from "~/lib/toast";
import { useHydrated } from "~/lib/use-hydrated";
import {
  NOTIFICATIONS_INTENT,
  notificationSwitches,
  type NotificationChoices,
} from "../notifications.schema";
import { useSending } from "~/lib/use-sending";

export function NotificationSettings({
  choices,
  result,
}: {
  choices: NotificationChoices;
  result: FormReply | undefined;
}) {
  const hydrated = useHydrated();
  useToast(result?.toast);
  const saving = useSending({ intent: NOTIFICATIONS_INTENT }, "reloaded");
  const switches = notificationSwitches.filter((item) => choices[item.area]);
  const ticked = {
    returns: choices.returns,
    lead_reminders: choices.leadReminders,
    import_reports: choices.importReports,
    feedback_digest: choices.feedbackDigest,
    webhook_alerts: choices.webhookAlerts,
  };

  return (
    <section
      id="notifications"
      aria-labelledby="notifications-heading"
      className="mt-8 border-t border-border pt-6"
    >
      <h2 id="notifications-heading" className="text-lg font-bold">
        E-mail notifications
      </h2>
      {!hydrated && result && (
        <div className="mt-4">
          <FormStatus toast={result.toast} />
        </div>
      )}
      {switches.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">
          We only e-mail you about your account (sign-in links, password resets).
        </p>
      ) : (
        <Form method="post" className="mt-4 space-y-5" aria-label="E-mail notifications">
          <input type="hidden" name="intent" value={NOTIFICATIONS_INTENT} />
          {choices.client && (
            <fieldset>
              <legend className="text-sm font-semibold">New leads assigned to you</legend>
              <div className="mt-2 space-y-2">
                {newLeadsMailChoices.map((choice) => (
                  <label key={choice.value} className="flex items-center gap-2 text-sm">
                    <input
                      type="radio"
                      name="newLeads"
                      value={choice.value}
                      defaultChecked={choices.newLeads === choice.value}
                      className="size-4 accent-primary"
                    />
                    {choice.label}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          <fieldset>
            <legend className="text-sm font-semibold">Also e-mail me about</legend>
            <div className="mt-2 space-y-2">
              {switches.map((item) => (
                <label key={item.value} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="on"
                    value={item.value}
                    defaultChecked={ticked[item.value]}
                    className="size-4 accent-primary"
                  />
                  {item.label}
                </label>
              ))}
            </div>
          </fieldset>
          <Button type="submit" pending={saving}>
            {saving ? "Saving..." : "Save notifications"}
          </Button>
        </Form>
      )}
    </section>
  );
}
