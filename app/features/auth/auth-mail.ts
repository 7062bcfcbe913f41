/** The account e-mails: confirmation, sign-up of an existing address, password reset, client invitation. */
import { composeMail } from "~/lib/mail/compose";
import type { OutgoingMail } from "~/lib/mail/outbox.server";

const footer = "Leadworks, outsourced lead generation for real estate investors";

export function confirmationMail(to: string, url: string): OutgoingMail {
  return {
    to,
    subject: "Confirm your Leadworks account",
    ...composeMail({
      heading: "Confirm your e-mail address",
      paragraphs: [
        "Thanks for creating a Leadworks account. Please confirm that this e-mail address is yours to finish signing up.",
        "The link works for 24 hours. If you did not sign up, you can ignore this e-mail.",
      ],
      action: { label: "Confirm my account", url },
      footer,
    }),
  };
}

export function existingAccountMail(to: string, signInUrl: string, resetUrl: string): OutgoingMail {
  return {
    to,
    subject: "Your Leadworks account",
    ...composeMail({
      heading: "You already have an account",
      paragraphs: [
        "Someone, hopefully you, tried to create a Leadworks account with this e-mail address. It already has an account, so nothing was changed.",
        {
          text: "If it was you, sign in with your password. If you forgot it,",
          link: { label: "choose a new one here", url: resetUrl },
        },
        "If it was not you, you can ignore this e-mail.",
      ],
      action: { label: "Sign in", url: signInUrl },
      footer,
    }),
  };
}

export function resetPasswordMail(to: string, url: string): OutgoingMail {
  return {
    to,
    subject: "Reset your Leadworks password",
    ...composeMail({
      heading: "Choose a new password",
      paragraphs: [
        "We received a request to reset the password of your Leadworks account.",
        "The link works once and expires in 1 hour. Setting a new password signs you out everywhere. If you did not ask for this, you can ignore this e-mail.",
      ],
      action: { label: "Choose a new password", url },
      footer,
    }),
  };
}

/** A client's invitation; `invitedBy` names the person who added them to their company's team. */
export function invitationMail(
  to: string,
  url: string,
  companyName: string,
  invitedBy?: string,
): OutgoingMail {
  return {
    to,
    subject: "Your Leadworks client portal account",
    ...composeMail({
      heading: "Welcome to the Leadworks client portal",
      paragraphs: [
        invitedBy
          ? `${invitedBy} added you to the team of ${companyName} in the Leadworks client portal. There you will see the leads we deliver to ${companyName} and can give feedback on each one.`
          : `We created a client portal account for ${companyName}. There you will see the leads we deliver to you and can give feedback on each one.`,
        "Set your password to get started. The link works once and expires in 7 days.",
      ],
      action: { label: "Set my password", url },
      footer,
    }),
  };
}
