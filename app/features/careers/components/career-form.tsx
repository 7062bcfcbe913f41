import { useRef } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { FormStatus, Honeypot } from "~/components/ui/form-status";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { experienceLevels, positions } from "~/db/enums";
import type { FieldErrors } from "~/lib/form-errors";
import { useFormFeedback } from "~/lib/use-form-feedback";
import {
  careerMax,
  careerSchema,
  checkResumeInBrowser,
  RESUME_ACCEPT,
  type CareerField,
} from "../careers.schema";
import { EmailField } from "~/components/ui/email-field";

function checkResumeField(form: HTMLFormElement): FieldErrors<CareerField> {
  const input = form.elements.namedItem("resume") as HTMLInputElement | null;
  const file = input?.files?.[0];
  const error = file ? checkResumeInBrowser(file) : undefined;
  return error ? { resume: error } : {};
}

export function CareerForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormFeedback<CareerField>(careerSchema, formRef, { extraCheck: checkResumeField });
  const value = (name: CareerField) => form.values?.[name] ?? "";
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...form.formProps}
      className="relative space-y-5"
      aria-label="Job application form"
    >
      <FormStatus toast={form.staticStatus} />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          id="career-first-name"
          label="First name"
          error={form.errors.firstName}
          limit={careerMax.firstName}
        >
          <Input name="firstName" autoComplete="given-name" defaultValue={value("firstName")} required />
        </FormField>
        <FormField
          id="career-last-name"
          label="Last name"
          error={form.errors.lastName}
          limit={careerMax.lastName}
        >
          <Input name="lastName" autoComplete="family-name" defaultValue={value("lastName")} required />
        </FormField>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <EmailField id="career-email" error={form.errors.email} defaultValue={value("email")} />
        <FormField id="career-phone" label="Phone" optional error={form.errors.phone} limit={careerMax.phone}>
          <Input name="phone" type="tel" autoComplete="tel" defaultValue={value("phone")} />
        </FormField>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="career-position" label="Position of interest" error={form.errors.positionInterest}>
          <NativeSelect name="positionInterest" defaultValue={value("positionInterest")} required>
            <option value="">Select a position</option>
            {positions.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id="career-experience" label="Experience level" error={form.errors.experienceLevel}>
          <NativeSelect name="experienceLevel" defaultValue={value("experienceLevel")} required>
            <option value="">Select experience level</option>
            {experienceLevels.map((e) => (
              <option key={e.value} value={e.value}>
                {e.label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <FormField
        id="career-cover-letter"
        label="Cover letter"
        hint="50 to 3,000 characters: tell us what you have done and what you want to do next."
        error={form.errors.coverLetter}
        limit={careerMax.coverLetter}
      >
        <Textarea name="coverLetter" rows={7} defaultValue={value("coverLetter")} required />
      </FormField>
      <FormField
        id="career-resume"
        label="Resume"
        optional
        hint="PDF, DOC or DOCX, up to 5 MB."
        error={form.errors.resume}
      >
        <Input
          name="resume"
          type="file"
          accept={RESUME_ACCEPT}
          className="file:mr-3 file:rounded-md file:border-0 file:bg-muted file:px-3 file:py-1.5 file:font-semibold"
        />
      </FormField>
      <Honeypot name="website" />
      <Button
        type="submit"
        size="lg"
        variant="accent"
        disabled={form.submitting}
        className="w-full sm:w-auto"
      >
        {form.submitting ? "Submitting..." : "Submit Application"}
      </Button>
    </Form>
  );
}
