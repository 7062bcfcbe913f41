import { getSelectProps, getTextareaProps } from "@conform-to/react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { FormStatus } from "~/components/ui/form-status";
import { NativeSelect, SelectOptions } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { useSchemaForm } from "~/lib/use-schema-form";
import type { LeadActionResult } from "../lead-actions.server";
import { manualActivityTypes } from "~/db/enums";
import { activityMax, activitySchema } from "../leads.schema";
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
  const { fields, ...form } = useSchemaForm(activitySchema, {
    id: "activity",
    reply: result,
    defaultValue: { activityType: "note_added" },
  });
  const { activityType, description } = fields;
  return (
    <Form
      method="post"
      {...form.formProps}
      preventScrollReset
      className="space-y-4"
      aria-label="Log an activity"
    >
      <FormStatus toast={form.shownStatus} />
      <input type="hidden" name="intent" value="activity" />
      <FormField id={activityType.id} label="Type" error={activityType.errors?.[0]}>
        <NativeSelect {...getSelectProps(activityType)}>
          <SelectOptions options={manualActivityTypes} />
        </NativeSelect>
      </FormField>
      <FormField
        id={description.id}
        label="Description"
        error={description.errors?.[0]}
        limit={activityMax.description}
      >
        <Textarea {...getTextareaProps(description)} rows={4} />
      </FormField>
      <Button type="submit" pending={form.submitting}>
        {form.submitting ? "Saving..." : "Add activity"}
      </Button>
    </Form>
  );
}
