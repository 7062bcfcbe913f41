/** The spec's toasts for the public forms (spec 01 §8), word for word. */
import { errorToast, type Toast } from "./toast-message";

export const formToasts = {
  validation: { kind: "error", title: "Validation Error", text: "Please check the form for errors." },
  rateCheckFailed: {
    kind: "error",
    title: "Error",
    text: "Unable to process your request. Please try again.",
  },
  unexpected: errorToast("There was an unexpected error. Please try again."),
  contactLimit: {
    kind: "error",
    title: "Too Many Submissions",
    text: "You've exceeded the submission limit. Please try again in an hour.",
  },
  contactFailed: {
    kind: "error",
    title: "Error",
    text: "There was an error sending your message. Please try again.",
  },
  contactSent: {
    kind: "success",
    title: "Message Sent!",
    text: "Thank you for your message. We'll get back to you soon.",
  },
  careerLimit: {
    kind: "error",
    title: "Too Many Applications",
    text: "You've exceeded the application limit. Please try again in an hour.",
  },
  careerFailed: {
    kind: "error",
    title: "Error",
    text: "There was an error submitting your application. Please try again.",
  },
  careerSent: {
    kind: "success",
    title: "Application Submitted!",
    text: "Thank you for your application. We'll get back to you soon.",
  },
} as const satisfies Record<string, Toast>;

export const uploadErrorToast = (text: string): Toast => ({ kind: "error", title: "Upload Error", text });
