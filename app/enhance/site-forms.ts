/**
 * The public site's form pages for anonymous visitors (contact, careers), which do not load React
 * (ADR 055): each form checks as the app's forms do, with its one schema, and answers with toasts.
 */
import { careerSchema, resumeFieldCheck } from "~/features/careers/careers.schema";
import { contactSchema } from "~/features/contact/contact.schema";
import { enhanceForm, showAnswersAsToasts } from "~/lib/enhance/form";

enhanceForm("contact", contactSchema);
enhanceForm("career", careerSchema, { extraCheck: resumeFieldCheck });
showAnswersAsToasts();
