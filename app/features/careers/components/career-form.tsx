import { getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { Form } from "react-router";
import { EmailField } from "~/components/ui/email-field";
import { FormField } from "~/components/ui/form-field";
import { FormStatus, SiteFormSubmit } from "~/components/ui/form-status";
import { Input } from "~/components/ui/input";
import { NativeSelect, SelectOptions } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { experienceLevels, positions } from "~/db/enums";
import { useSchemaForm } from "~/lib/use-schema-form";
import { careerMax, careerSchema, RESUME_ACCEPT, resumeFieldCheck } from "../careers.schema";

export function CareerForm() {
  const { fields, ...form } = useSchemaForm(careerSchema, { id: "career", extraCheck: resumeFieldCheck });
  const { firstName, lastName, email, phone, positionInterest, experienceLevel, coverLetter } = fields;
  const resume = fields.resume;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...form.formProps}
      className="relative space-y-5"
      aria-label="Job application form"
    >
      <FormStatus toast={form.shownStatus} />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          id={firstName.id}
          label="First name"
          error={firstName.errors?.[0]}
          limit={careerMax.firstName}
        >
          <Input {...getInputProps(firstName, { type: "text" })} autoComplete="given-name" required />
        </FormField>
        <FormField id={lastName.id} label="Last name" error={lastName.errors?.[0]} limit={careerMax.lastName}>
          <Input {...getInputProps(lastName, { type: "text" })} autoComplete="family-name" required />
        </FormField>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <EmailField
          id={email.id}
          error={email.errors?.[0]}
          control={getInputProps(email, { type: "email" })}
        />
        <FormField id={phone.id} label="Phone" optional error={phone.errors?.[0]} limit={careerMax.phone}>
          <Input {...getInputProps(phone, { type: "tel" })} autoComplete="tel" />
        </FormField>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id={positionInterest.id} label="Position of interest" error={positionInterest.errors?.[0]}>
          <NativeSelect
            {...getSelectProps(positionInterest)}
            defaultValue={positionInterest.initialValue ?? ""}
            required
          >
            <SelectOptions placeholder="Select a position" options={positions} />
          </NativeSelect>
        </FormField>
        <FormField id={experienceLevel.id} label="Experience level" error={experienceLevel.errors?.[0]}>
          <NativeSelect
            {...getSelectProps(experienceLevel)}
            defaultValue={experienceLevel.initialValue ?? ""}
            required
          >
            <SelectOptions placeholder="Select experience level" options={experienceLevels} />
          </NativeSelect>
        </FormField>
      </div>
      <FormField
        id={coverLetter.id}
        label="Cover letter"
        hint="50 to 3,000 characters: tell us what you have done and what you want to do next."
        error={coverLetter.errors?.[0]}
        limit={careerMax.coverLetter}
      >
        <Textarea {...getTextareaProps(coverLetter)} rows={7} required />
      </FormField>
      <FormField
        id={resume.id}
        label="Resume"
        optional
        hint="PDF, DOC or DOCX, up to 5 MB."
        error={resume.errors?.[0]}
      >
        <Input
          {...getInputProps(resume, { type: "file" })}
          accept={RESUME_ACCEPT}
          className="file:mr-3 file:rounded-md file:border-0 file:bg-muted file:px-3 file:py-1.5 file:font-semibold"
        />
      </FormField>
      <SiteFormSubmit submitting={form.submitting} label="Submit Application" busyLabel="Submitting..." />
    </Form>
  );
}
