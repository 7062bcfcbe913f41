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

/**
 * A client's invitation: from the agency, or (`byTeam`) from an owner of the company's team. Only the
 * company's name is quoted, as the agency set it: no name an inviter typed goes out in our mail.
 */
export function invitationMail(input: {
  to: string;
  url: string;
  companyName: string;
  contactEmail: string;
  byTeam?: boolean;
}): OutgoingMail {
  return {
    to: input.to,
    ...composeMail({
      subject: "Your Leadworks client portal account",
      preheader: `Set your password to see the leads we deliver to ${input.companyName}.`,
      heading: "Welcome to the Leadworks client portal",
      paragraphs: [
        input.byTeam
          ? `An owner of ${input.companyName} added you to its team in the Leadworks client portal. There you will see the leads we deliver to ${input.companyName} and can give feedback on each one.`
          : `We created a client portal account for ${input.companyName}. There you will see the leads we deliver to you and can give feedback on each one.`,
        `Set your password to get started. You sign in with this address, ${input.to}. The link works once and expires in 7 days.`,
        // Plain words, no second link: the button's link stays the message's first.
        'After 7 days, ask for a new link: choose "Forgot your password?" on the sign-in page and enter this address.',
      ],
      action: { label: "Set my password", url: input.url },
      footer: {
        why: `You get this e-mail because ${input.byTeam ? `an owner of ${input.companyName}` : "the Leadworks team"} invited ${input.to} to the client portal of ${input.companyName}. Not expected? Write to ${input.contactEmail}.`,
      },
    }),
  };
}

/**
 * An owner invited an address that already has an account: the inviter is told what any invitation gets,
 * and the address's owner learns of it here, with what to do if they want to join.
 */
export function invitationOfExistingMail(input: {
  to: string;
  companyName: string;
  signInUrl: string;
  contactEmail: string;
}): OutgoingMail {
  return {
    to: input.to,
    ...composeMail({
      subject: "An invitation to a team in the Leadworks client portal",
      preheader: `An owner of ${input.companyName} tried to add this address; it already has an account.`,
      heading: "Your address already has an account",
      paragraphs: [
        `An owner of ${input.companyName} tried to add ${input.to} to its team in the Leadworks client portal. This address already has a Leadworks account, so nothing was changed.`,
        `A person belongs to one company's team. If you want to join ${input.companyName} with this address, write to ${input.contactEmail} and we will move your account. If you did not expect this, you can ignore this e-mail.`,
      ],
      action: { label: "Sign in", url: input.signInUrl },
      footer: footer(input.contactEmail),
    }),
  };
}
