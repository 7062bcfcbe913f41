/** What happens to a demo lead: its story (how far it got) as the steps an admin and a client take. */
import type { FeedbackStatus, LeadStatus, ManualActivityType, NotInterestedReason } from "~/db/enums";
import { demoClients } from "./fixtures/accounts";
import {
  closedNotes,
  contactedNotes,
  deadReasons,
  firstTries,
  interestedNotes,
  meetingTimes,
  notInterestedNotes,
  qualifyCalls,
} from "./fixtures/notes";
import type { Story } from "./fixtures/situations";
import type { Random } from "./random";

export type Step =
  | { do: "status"; to: LeadStatus }
  | { do: "assign"; client: number }
  | { do: "activity"; type: ManualActivityType; text: string }
  | {
      do: "feedback";
      status: Exclude<FeedbackStatus, "not_reviewed">;
      notes: string;
      /** Why, for Not Interested (the form asks for it). */
      reason?: NotInterestedReason;
      /** The deal's figures a client may report with Deal Closed (whole dollars). */
      deal?: { purchasePrice: number; profit: number };
    }
  | { do: "sold"; price: number };

/** The feedback form as the client fills it in for a feedback step (`notes`: the step's, dated). */
export function feedbackForm(step: Extract<Step, { do: "feedback" }>, notes = step.notes) {
  return {
    feedbackStatus: step.status,
    notes,
    notInterestedReason: step.reason ?? "",
    dealPurchasePrice: step.deal ? String(step.deal.purchasePrice) : "",
    dealProfit: step.deal ? String(step.deal.profit) : "",
  };
}

export const formatDollars = (n: number) => `$${n.toLocaleString("en-US")}`;

export const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);

export function storySteps(
  story: Story,
  random: Random,
  context: { first: string; client: number; otherClient: number; price: number },
): Step[] {
  const t = (text: string) =>
    fill(text, {
      first: context.first,
      client: demoClients[context.client]!.companyName,
      weeks: String(random.int(3, 8)),
      price: formatDollars(context.price),
      time: random.pick(meetingTimes),
    });
  const qualify: Step[] = [
    { do: "activity", type: "call_logged", text: t(random.pick(qualifyCalls)) },
    { do: "status", to: "qualified" },
  ];
  const interested: Step = { do: "feedback", status: "interested", notes: t(random.pick(interestedNotes)) };
  // {day} and {past} stay in the text: they become weekdays around the step's date when it runs.
  const contacted: Step[] = [
    interested,
    { do: "feedback", status: "contacted", notes: t(random.pick(contactedNotes)) },
    { do: "status", to: "contacted" },
  ];
  const appointment: Step[] = [
    {
      do: "activity",
      type: "meeting_scheduled",
      text: t("Walkthrough with {client} set for {day} at {time}."),
    },
    { do: "status", to: "appointment_set" },
  ];
  const underContract: Step[] = [
    {
      do: "activity",
      type: "meeting_completed",
      text: t("Walkthrough done with {client}; the condition matches the notes. Offer presented at {price}."),
    },
    { do: "status", to: "under_contract" },
    {
      do: "activity",
      type: "note_added",
      text: t("Purchase agreement signed at {price}. Title is opened; closing targeted in {weeks} weeks."),
    },
  ];
  const assign: Step = { do: "assign", client: context.client };

  switch (story) {
    case "new":
      return random.chance(0.5)
        ? [{ do: "activity", type: "call_logged", text: t(random.pick(firstTries)) }]
        : [];
    case "qualified":
      return qualify;
    case "dead":
      return [
        { do: "activity", type: "call_logged", text: t(random.pick(deadReasons)) },
        { do: "status", to: "dead" },
      ];
    case "assigned_new":
      return [assign];
    case "assigned_qualified":
      return random.chance(0.5) ? [...qualify, assign, interested] : [...qualify, assign];
    case "contacted":
      return [
        ...qualify,
        assign,
        ...contacted,
        {
          do: "activity",
          type: "email_sent",
          text: t("Sent {first} a summary of what {client} buys and how."),
        },
      ];
    case "reassigned":
      return [
        ...qualify,
        { do: "assign", client: context.otherClient },
        {
          do: "feedback",
          status: "not_interested",
          notes: "We don't buy land right now, sorry.",
          reason: "other",
        },
        { do: "activity", type: "note_added", text: t("Moving this one to {client}, who buys lots.") },
        assign,
        ...contacted,
      ];
    case "appointment":
      return [...qualify, assign, ...contacted, ...appointment];
    case "under_contract":
      return [...qualify, assign, ...contacted, ...appointment, ...underContract];
    case "sold":
      return [
        ...qualify,
        assign,
        ...contacted,
        ...appointment,
        ...underContract,
        { do: "status", to: "sold" },
        { do: "sold", price: context.price },
        {
          do: "feedback",
          status: "deal_closed",
          notes: t(random.pick(closedNotes)),
          // An assignment fee of about 8% of the price, as wholesalers report it.
          deal: { purchasePrice: context.price, profit: Math.round((context.price * 0.08) / 500) * 500 },
        },
        {
          do: "activity",
          type: "note_added",
          text: "Closed with the title company. The seller was happy with how quickly it went.",
        },
      ];
    case "assigned_dead":
      return [
        ...qualify,
        assign,
        ((passed) => ({
          do: "feedback" as const,
          status: "not_interested" as const,
          notes: t(passed.note),
          reason: passed.reason,
        }))(random.pick(notInterestedNotes)),
        { do: "activity", type: "note_added", text: t(random.pick(deadReasons)) },
        { do: "status", to: "dead" },
      ];
  }
}
