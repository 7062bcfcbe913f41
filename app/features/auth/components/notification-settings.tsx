/**
 * Which e-mails the signed-in person gets (/account#notifications): how new leads are announced (clients)
 * and the other notifications their roles receive, and, where the site sends texts, a client's mobile
 * number and the texts they want (ADR 045). A plain POST that works without JavaScript.
 */
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { FormStatus } from "~/components/ui/form-status";
import { Input } from "~/components/ui/input";
import { newLeadsMailChoices } from "~/db/enums";
import { refusedValue, replyError, type FormReply } from "~/lib/form-reply";
import { formatE164 } from "~/lib/sms/phone";
import { useToast } from "~/lib/toast";
import { useHydrated } from "~/lib/use-hydrated";
import {
  NOTIFICATIONS_INTENT,
  notificationSwitches,
  SMS_CODE_INTENT,
  SMS_NUMBER_MAX,
  textSwitches,
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
        {choices.client && choices.sms ? "Notifications" : "E-mail notifications"}
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
        <Form method="post" className="mt-4 space-y-5" aria-labelledby="notifications-heading">
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
                <OnSwitch key={item.value} value={item.value} label={item.label} on={ticked[item.value]} />
              ))}
            </div>
          </fieldset>
          {choices.client && choices.sms && <TextMessageChoices choices={choices} result={result} />}
          <Button type="submit" pending={saving}>
            {saving ? "Saving..." : "Save notifications"}
          </Button>
        </Form>
      )}
      {choices.client && choices.sms && choices.smsNumber && !choices.smsConfirmed && (
        <SmsCodeForm number={choices.smsNumber} result={result} />
      )}
    </section>
  );
}

/** A client's text messages: the mobile number, and each kind they may be texted about (off until ticked). */
function TextMessageChoices({
  choices,
  result,
}: {
  choices: NotificationChoices;
  result: FormReply | undefined;
}) {
  const ticked = { sms_new_leads: choices.smsNewLeads, sms_reminders: choices.smsReminders };
  const saved = choices.smsNumber ? formatE164(choices.smsNumber) : "";
  return (
    <fieldset>
      <legend className="text-sm font-semibold">Text messages</legend>
      <div className="mt-2 space-y-3">
        <FormField
          id="notifications-smsNumber"
          label="Mobile number"
          optional
          hint={`With the country code, e.g. +1 312 555 0123. ${
            choices.smsNumber
              ? choices.smsConfirmed
                ? "Confirmed. "
                : "Not confirmed yet: enter the code we texted below. "
              : ""
          }Carrier rates may apply; reply STOP to any text to stop them.`}
          error={replyError(result, "smsNumber")}
          limit={SMS_NUMBER_MAX}
        >
          <Input
            name="smsNumber"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            defaultValue={refusedValue(result, "smsNumber") ?? saved}
          />
        </FormField>
        {textSwitches.map((item) => (
          <OnSwitch key={item.value} value={item.value} label={item.label} on={ticked[item.value]} />
        ))}
      </div>
    </fieldset>
  );
}

/** The code texted to a new number, typed back to confirm it; or a request for a new code. */
function SmsCodeForm({ number, result }: { number: string; result: FormReply | undefined }) {
  const sending = useSending({ intent: SMS_CODE_INTENT }, "reloaded");
  return (
    <Form
      method="post"
      className="mt-6 space-y-3 rounded-md border border-border p-4"
      aria-labelledby="sms-code-heading"
    >
      <h3 id="sms-code-heading" className="text-sm font-semibold">
        Confirm {formatE164(number)}
      </h3>
      <p className="text-sm text-muted-foreground">
        We text this number only once you type back the code we sent to it. The code works for 10 minutes.
      </p>
      <input type="hidden" name="intent" value={SMS_CODE_INTENT} />
      <FormField id="notifications-smsCode" label="Code" error={replyError(result, "smsCode")}>
        <Input name="smsCode" inputMode="numeric" autoComplete="one-time-code" className="w-40" />
      </FormField>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" pending={sending}>
          Confirm number
        </Button>
        <Button type="submit" name="resend" value="1" variant="outline">
          Text me a new code
        </Button>
      </div>
    </Form>
  );
}

/** One ticked-or-not notification: the form posts an "on" per ticked box. */
function OnSwitch({ value, label, on }: { value: string; label: string; on: boolean }) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" name="on" value={value} defaultChecked={on} className="size-4 accent-primary" />
      {label}
    </label>
  );
}
