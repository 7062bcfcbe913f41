/** Marketing copy (see content.types.ts); one file per page so each page ships only its own words. */
import type { ServiceCard } from "../content.types";

export const serviceCards: ServiceCard[] = [
  {
    key: "wholesale",
    icon: "building",
    title: "Wholesale Real Estate Lead Generation",
    description:
      "Off-market sellers with real motivation and room in the price, so you can lock up contracts and assign them with a healthy spread.",
    features: [
      "Motivated seller lists built for your target markets",
      "Every lead screened on motivation, timeline, condition and price",
      "Warm leads delivered to your dashboard in real time",
      "A dedicated account manager who tunes the campaign with you",
    ],
    outcome: "300+ qualified leads a month",
  },
  {
    key: "fixFlip",
    icon: "hammer",
    title: "Fix and Flip Lead Generation",
    description:
      "Distressed and dated properties in neighborhoods where renovated homes sell, filtered so you only see deals that can pencil.",
    features: [
      "Properties that need work, from cosmetic to full rehab",
      "Sellers open to a discount in exchange for speed and certainty",
      "Targeting by neighborhood, price band and resale comps",
      "Condition notes and seller details captured on every call",
    ],
    outcome: "150+ opportunities a month",
  },
  {
    key: "nurturing",
    icon: "message-circle",
    title: "Lead Nurturing and Conversion",
    description:
      "Most sellers are not ready on the first call. We stay in touch until they are, and hand them to you when it is time to talk numbers.",
    features: [
      "Response to every new lead within 5 minutes",
      "Multi-touch follow-up by phone, text and e-mail",
      "Long-term drip campaigns for sellers who are not ready yet",
      "Reactivation of old leads already sitting in your CRM",
    ],
    outcome: "35% higher conversion",
  },
  {
    key: "research",
    icon: "bar-chart",
    title: "Market Research and Analysis",
    description:
      "Data on prices, inventory, distress signals and competition, so you spend your marketing budget where the deals actually are.",
    features: [
      "Market selection and comparison across US metros",
      "Neighborhood-level price and days-on-market trends",
      "Distress indicators such as pre-foreclosures and tax liens",
      "Clear reports with a recommendation, not just a data dump",
    ],
    outcome: "24-hour turnaround on standard reports",
  },
];

export const servicesOverview = {
  metaDescription:
    "Lead generation for investors: wholesale and fix and flip leads, nurturing and market research. Up to 500+ qualified leads a month, no long-term contracts.",
  hero: {
    eyebrow: "Lead generation solutions",
    title: "Everything between a cold list and a signed contract",
    lead: "Four services for wholesalers and fix-and-flip investors. Use one, or combine them into a complete pipeline that delivers up to 500+ qualified leads a month.",
  },
  intro:
    "Each service runs on the same foundation: sellers qualified on motivation, timeline, condition and price, a real-time lead tracking dashboard, and a dedicated account manager. There are no setup fees or long-term contracts, so you can start small and scale when the numbers prove out.",
};
