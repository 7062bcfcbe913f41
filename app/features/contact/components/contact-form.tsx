import { getInputProps, getTextareaProps } from "@conform-to/react";
import { Form } from "react-router";
import { EmailField } from "~/components/ui/email-field";
import { FormField } from "~/components/ui/form-field";
import { FormStatus, SiteFormSubmit } from "~/components/ui/form-status";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { useSchemaForm } from "~/lib/use-schema-form";
import { contactMax, contactSchema } from "../contact.schema";

export function ContactForm({ defaultSubject = "" }: { defaultSubject?: string }) {
  const { fields, ...form } = useSchemaForm(contactSchema, { id: "contact" });
  const { name, email, company, subject, message } = fields;
  return (
    <Form method="post" {...form.formProps} className="relative space-y-5" aria-label="Contact form">
      <FormStatus toast={form.shownStatus} />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id={name.id} label="Name" error={name.errors?.[0]} limit={contactMax.name}>
          <Input {...getInputProps(name, { type: "text" })} autoComplete="name" required />
        </FormField>
        <EmailField
          id={email.id}
          error={email.errors?.[0]}
          control={getInputProps(email, { type: "email" })}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          id={company.id}
          label="Company"
          optional
          error={company.errors?.[0]}
          limit={contactMax.company}
        >
          <Input {...getInputProps(company, { type: "text" })} autoComplete="organization" />
        </FormField>
        <FormField id={subject.id} label="Subject" error={subject.errors?.[0]} limit={contactMax.subject}>
          <Input
            {...getInputProps(subject, { type: "text" })}
            // A subject the visitor sent back wins over the one the page's address suggests.
            defaultValue={subject.initialValue ?? defaultSubject}
            required
          />
        </FormField>
      </div>
      <FormField id={message.id} label="Message" error={message.errors?.[0]} limit={contactMax.message}>
        <Textarea {...getTextareaProps(message)} rows={6} required />
      </FormField>
      <SiteFormSubmit submitting={form.submitting} label="Send Message" busyLabel="Sending..." />
    </Form>
  );
}
