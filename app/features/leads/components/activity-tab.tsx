import { useRef } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { FormStatus } from "~/components/ui/form-status";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { useFormFeedback } from "~/lib/use-form-feedback";
import type { LeadActionResult } from "../lead-actions.server";
import { manualActivityTypes } from "~/db/enums";
import { activityMax, activitySchema, type ActivityField } from "../leads.schema";
import { Card } from "./lead-card";
import type { LeadView } from "./lead-view";
import { Timeline } from "./timeline";

/** The timeline ("No activities yet" when empty, spec 02 §2) beside the form that logs a call, note or meeting. */
export function ActivityTab({ lead, result }: { lead: LeadView; result?: LeadActionResult }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
      <Card title="Activity Timeline">
        <Timeline entries={lead.activities} emptyText="No activities yet" />
      </Card>
      <Card title="Log an activity" className="self-start">
        <ActivityForm result={result} />
      </Card>
    </div>
  );
}

function ActivityForm({ result }: { result?: LeadActionResult }) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormFeedback<ActivityField>(activitySchema, formRef, { result });
  return (
    <Form
      method="post"
      {...form.formProps}
      preventScrollReset
      className="space-y-4"
      aria-label="Log an activity"
    >
      <FormStatus toast={form.staticStatus} />
      <input type="hidden" name="intent" value="activity" />
      <FormField id="activity-type" label="Type" error={form.errors.activityType}>
        <NativeSelect name="activityType" defaultValue={form.values?.activityType ?? "note_added"}>
          {manualActivityTypes.map((a) => (
            <option key={a.value} value={a.value}>
              {a.label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField
        id="activity-description"
        label="Description"
        error={form.errors.description}
        limit={activityMax.description}
      >
        <Textarea name="description" rows={4} defaultValue={form.values?.description ?? ""} />
      </FormField>
      <Button type="submit" disabled={form.submitting}>
        {form.submitting ? "Saving..." : "Add activity"}
      </Button>
    </Form>
  );
}
