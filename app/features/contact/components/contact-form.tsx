import { useRef } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { FormStatus, Honeypot } from "~/components/ui/form-status";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { useFormFeedback } from "~/lib/use-form-feedback";
import { contactMax, contactSchema, type ContactField } from "../contact.schema";
import { EmailField } from "~/components/ui/email-field";

export function ContactForm({ defaultSubject = "" }: { defaultSubject?: string }) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormFeedback<ContactField>(contactSchema, formRef);
  const value = (name: ContactField, fallback = "") => form.values?.[name] ?? fallback;
  return (
    <Form method="post" {...form.formProps} className="relative space-y-5" aria-label="Contact form">
      <FormStatus toast={form.staticStatus} />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="contact-name" label="Name" error={form.errors.name} limit={contactMax.name}>
          <Input name="name" autoComplete="name" defaultValue={value("name")} required />
        </FormField>
        <EmailField id="contact-email" error={form.errors.email} defaultValue={value("email")} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          id="contact-company"
          label="Company"
          optional
          error={form.errors.company}
          limit={contactMax.company}
        >
          <Input name="company" autoComplete="organization" defaultValue={value("company")} />
        </FormField>
        <FormField
          id="contact-subject"
          label="Subject"
          error={form.errors.subject}
          limit={contactMax.subject}
        >
          <Input name="subject" defaultValue={value("subject", defaultSubject)} required />
        </FormField>
      </div>
      <FormField id="contact-message" label="Message" error={form.errors.message} limit={contactMax.message}>
        <Textarea name="message" rows={6} defaultValue={value("message")} required />
      </FormField>
      <Honeypot name="website" />
      <Button
        type="submit"
        size="lg"
        variant="accent"
        disabled={form.submitting}
        className="w-full sm:w-auto"
      >
        {form.submitting ? "Sending..." : "Send Message"}
      </Button>
    </Form>
  );
}
