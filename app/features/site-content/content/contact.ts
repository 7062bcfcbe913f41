/** Marketing copy (see content.types.ts); one file per page so each page ships only its own words. */
import type { ContactContent } from "../content.types";

export const contact: ContactContent = {
  metaDescription:
    "Contact Leadworks for a free consultation on lead generation for real estate investors. We reply within 24 hours and serve investors across the United States.",
  hero: {
    eyebrow: "Contact us",
    title: "Let's talk about your deal flow",
    lead: "Tell us where you invest and what you need. We will reply within 24 hours with next steps and a time for a free consultation.",
  },
  formIntro: {
    title: "Send us a message",
    lead: "A few details about your markets and goals help us prepare for the conversation. There is no obligation.",
  },
  contactCard: {
    title: "E-mail our team",
    text: "Prefer e-mail? Write to us directly with your questions about leads, pricing or markets.",
    responseNote:
      "We reply within 24 hours. Business hours are Monday to Friday, 9:00 AM to 6:00 PM, and we serve investors across the United States.",
  },
  nextSteps: [
    {
      title: "We reply within 24 hours",
      description: "A member of our team reads your message and gets back to you to set up a call.",
    },
    {
      title: "Free strategy consultation",
      description: "We review your markets, goals and budget and outline a campaign. No obligation.",
    },
    {
      title: "First leads within 7 days",
      description: "Once you launch, first leads arrive within 7 days, with full volume in 30 days.",
    },
  ],
  cta: {
    heading: "Get a free consultation",
    text: "See what a campaign could deliver in your markets. No setup fees or long-term contracts.",
    button: "Book Free Consultation",
  },
};
