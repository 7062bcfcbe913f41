/** Marketing copy (see content.types.ts); one file per page so each page ships only its own words. */
import type { AboutContent } from "../content.types";

export const about: AboutContent = {
  metaDescription:
    "Leadworks was started by real estate investors tired of unreliable lead sources. We find, qualify and nurture motivated sellers for investors across the US.",
  hero: {
    eyebrow: "About Leadworks",
    title: "Built by investors who needed better leads",
    lead: "We know what a good lead looks like because we used to buy the bad ones. Now we generate, qualify and nurture motivated sellers for investors across the United States.",
  },
  story: {
    title: "Why we started Leadworks",
    paragraphs: [
      "Leadworks was started by real estate investors who were tired of paying for leads that went nowhere. Shared lists, wrong numbers, homeowners with no intention of selling: we saw it all, and we spent more time sorting leads than closing deals.",
      "So we built the lead engine we wanted for ourselves. Targeted outreach, real conversations with sellers, and a simple rule: a lead is not a lead until we know the seller's motivation, timeline, property condition and price expectations.",
      "Today we run that same process for more than 200 wholesalers and fix-and-flip investors. The goal has not changed. Fewer wasted calls, more signed contracts.",
    ],
  },
  expertise: {
    title: "What we know well",
    lead: "We focus on one thing: getting investors in front of sellers who are ready to do a deal.",
    items: [
      {
        icon: "target",
        title: "Motivated seller outreach",
        description: "Finding owners with a real reason to sell, before other investors do.",
      },
      {
        icon: "filter",
        title: "Lead qualification",
        description: "Screening every seller on motivation, timeline, condition and price.",
      },
      {
        icon: "message-circle",
        title: "Follow-up and nurturing",
        description: "Responding within 5 minutes and staying in touch until sellers are ready to talk.",
      },
      {
        icon: "bar-chart",
        title: "Market analysis",
        description: "Reading price, inventory and distress data to point your budget at the best markets.",
      },
    ],
  },
  reasons: {
    title: "Why investors choose Leadworks",
    items: [
      {
        icon: "shield-check",
        title: "Guaranteed lead quality",
        description: "Every lead is qualified before delivery, and we stand behind the criteria we agree on.",
      },
      {
        icon: "clock",
        title: "Fast start",
        description: "Leads start within 7 days, with your first 50 qualified leads within 30 days.",
      },
      {
        icon: "piggy-bank",
        title: "No setup fees or long-term contracts",
        description: "You stay because the results are there, not because a contract says you have to.",
      },
      {
        icon: "users",
        title: "A dedicated account manager",
        description: "One point of contact who knows your markets and reviews performance with you.",
      },
      {
        icon: "layout-dashboard",
        title: "Full transparency",
        description: "A real-time lead tracking dashboard shows every lead, call and status as it happens.",
      },
    ],
  },
  cta: {
    heading: "Talk to a team that invests too",
    text: "Book a free consultation. We will look at your markets and goals and tell you honestly what we can deliver.",
    button: "Book Free Consultation",
  },
};
