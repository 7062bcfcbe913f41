/** The account e-mails: confirmation, sign-up of an existing address, password reset, client invitation. */
import { composeMail, type MailFooter } from "../compose";
import type { OutgoingMail } from "../outbox.server";

/** Account mails answer something done with this address: they say so, and need no settings. */
const footer = (contactEmail: string): MailFooter => ({
  why: `You get this e-mail because someone used this address on the Leadworks website. Questions? Write to ${contactEmail}.`,
});

export function confirmationMail(input: { to: string; url: string; contactEmail: string }): OutgoingMail {
  return {
    to: input.to,
    ...composeMail({
      subject: "Confirm your Leadworks account",
      preheader: "One click to finish signing up. The link works for 24 hours.",
      heading: "Confirm your e-mail address",
      paragraphs: [
        "Thanks for creating a Leadworks account. Please confirm that this e-mail address is yours to finish signing up.",
        "The link works for 24 hours. If you did not sign up, you can ignore this e-mail.",
      ],
      action: { label: "Confirm my account", url: input.url },
      footer: footer(input.contactEmail),
    }),
  };
}

export function existingAccountMail(input: {
  to: string;
  signInUrl: string;
  resetUrl: string;
  contactEmail: string;
}): OutgoingMail {
  return {
    to: input.to,
    ...composeMail({
      subject: "Your Leadworks account",
      preheader: "Someone tried to sign up with this address; it already has an account.",
      heading: "You already have an account",
      paragraphs: [
        "Someone, hopefully you, tried to create a Leadworks account with this e-mail address. It already has an account, so nothing was changed.",
        {
          text: "If it was you, sign in with your password. If you forgot it,",
          link: { label: "choose a new one here", url: input.resetUrl },
        },
        "If it was not you, you can ignore this e-mail.",
      ],
      action: { label: "Sign in", url: input.signInUrl },
      footer: footer(input.contactEmail),
    }),
  };
}

export function resetPasswordMail(input: { to: string; url: string; contactEmail: string }): OutgoingMail {
  return {
    to: input.to,
    ...composeMail({
      subject: "Reset your Leadworks password",
      preheader: "The link works once and expires in 1 hour.",
      heading: "Choose a new password",
      paragraphs: [
        "We received a request to reset the password of your Leadworks account.",
        "The link works once and expires in 1 hour. Setting a new password signs you out everywhere. If you did not ask for this, you can ignore this e-mail.",
      ],
      action: { label: "Choose a new password", url: input.url },
      footer: footer(input.contactEmail),
    }),
  };
}

/** A client's invitation; `invitedBy` names the person who added them to their company's team. */
export function invitationMail(input: {
  to: string;
  url: string;
  companyName: string;
  contactEmail: string;
  invitedBy?: string;
}): OutgoingMail {
  return {
    to: input.to,
    ...composeMail({
      subject: "Your Leadworks client portal account",
      preheader: `Set your password to see the leads we deliver to ${input.companyName}.`,
      heading: "Welcome to the Leadworks client portal",
      paragraphs: [
        input.invitedBy
          ? `${input.invitedBy} added you to the team of ${input.companyName} in the Leadworks client portal. There you will see the leads we deliver to ${input.companyName} and can give feedback on each one.`
          : `We created a client portal account for ${input.companyName}. There you will see the leads we deliver to you and can give feedback on each one.`,
        `Set your password to get started. You sign in with this address, ${input.to}. The link works once and expires in 7 days.`,
        // Plain words, no second link: the button's link stays the message's first.
        'After 7 days, ask for a new link: choose "Forgot your password?" on the sign-in page and enter this address.',
      ],
      action: { label: "Set my password", url: input.url },
      footer: {
        why: `You get this e-mail because ${input.invitedBy ?? "the Leadworks team"} invited ${input.to} to the client portal of ${input.companyName}. Not expected? Write to ${input.contactEmail}.`,
      },
    }),
  };
}
