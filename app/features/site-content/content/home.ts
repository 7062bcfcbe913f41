/** Marketing copy (see content.types.ts); one file per page so each page ships only its own words. */
import type { HomeContent } from "../content.types";

export const home: HomeContent = {
  hero: {
    eyebrow: "Lead generation for real estate investors",
    title: "Motivated seller leads, qualified and ready to talk",
    lead: "Leadworks finds, qualifies and nurtures motivated home sellers for wholesalers and fix-and-flip investors across the United States. You get up to 500+ qualified leads a month and spend your time closing deals instead of chasing them.",
    promises: [
      "Up to 500+ qualified leads a month",
      "First 50 qualified leads within 30 days",
      "No setup fees or long-term contracts",
      "A dedicated account manager",
      "Real-time lead tracking dashboard",
    ],
  },
  servicesIntro: {
    title: "Lead generation built around how you invest",
    lead: "Four service lines, one team. Start with the one you need most and add the others as your pipeline grows.",
  },
  processIntro: {
    title: "How we turn a market into signed contracts",
    lead: "A six-step process that runs every week, with every lead and every call visible in your dashboard.",
  },
  process: [
    {
      title: "Market Research",
      description: "We study prices, inventory and distress signals in your markets and pick where to start.",
    },
    {
      title: "Lead Generation",
      description: "We build lists of owners likely to sell and reach them by phone, text and mail.",
    },
    {
      title: "Lead Qualification",
      description: "Each seller is screened on motivation, timeline, condition and price.",
    },
    {
      title: "Contact & Nurture",
      description: "New leads hear from us within 5 minutes. The rest get scheduled follow-up.",
    },
    {
      title: "Deal Conversion",
      description: "Ready sellers come to you with full notes, so your first call is about the deal itself.",
    },
    {
      title: "Performance Optimization",
      description: "Your account manager reviews results with you and moves budget to what works.",
    },
  ],
  statsIntro: {
    title: "Numbers our clients care about",
    lead: "We measure ourselves by the deals our clients close, not by the number of calls we make.",
  },
  stats: [
    {
      number: "10,000+",
      label: "Leads generated a month",
      description: "Across all client campaigns, screened and delivered every month.",
    },
    {
      number: "200+",
      label: "Clients",
      description: "Wholesalers and fix-and-flip investors who rely on us for deal flow.",
    },
    {
      number: "$50M+",
      label: "In client deals",
      description: "Total value of deals our clients have closed from leads we generated.",
    },
    {
      number: "300%",
      label: "Average ROI increase",
      description: "Average increase in return on marketing spend within 6 months.",
    },
  ],
  testimonialsIntro: {
    title: "What investors say about working with us",
    lead: "Wholesalers and flippers who handed us their lead generation and got their time back.",
  },
  testimonials: [
    {
      name: "Marcus Delgado",
      company: "Copper Creek Home Buyers",
      quote:
        "We used to spend half the week cold calling lists that went nowhere. Our first 50 qualified leads came in before the month was out, and each one had notes on timeline and condition. We closed our first assignment from them in week five.",
      rating: 5,
      deals: 27,
    },
    {
      name: "Tanya Whitfield",
      company: "Brightstone Property Partners",
      quote:
        "I flip eight to ten houses a year and I am picky about neighborhoods. Leadworks only sends me properties in the zip codes we agreed on, and the condition notes are accurate enough that I can run rough numbers before I drive out.",
      rating: 5,
      deals: 12,
    },
    {
      name: "Derek Okafor",
      company: "Lakeshore Cash Offers",
      quote:
        "The follow-up is what sold me. Sellers who told us no six months ago are now calling back ready to talk, because someone stayed in touch with them. Our conversion rate went up and we did not add anyone to payroll.",
      rating: 5,
      deals: 19,
    },
    {
      name: "Renee Calloway",
      company: "Summit Ridge Investments",
      quote:
        "Before expanding into a second metro we asked for a market report. It came back the next day with a clear recommendation and the distress data to back it up. We launched there a week later and the first leads arrived within 7 days.",
      rating: 5,
      deals: 15,
    },
  ],
  faqIntro: {
    title: "Frequently asked questions",
    lead: "Straight answers to the questions investors ask us before they sign up.",
  },
  faqs: [
    {
      question: "How fast will I start getting leads?",
      answer:
        "Leads start within 7 days of launch, and campaigns reach full volume within 30 days. We commit to delivering your first 50 qualified leads within 30 days, so you can judge the quality early.",
    },
    {
      question: "Do you guarantee lead quality?",
      answer:
        "Yes. Every lead is qualified before it reaches you: we confirm the seller's motivation, their timeline, the property's condition and their price expectations. If a lead does not meet the criteria we agreed on, we make it right.",
    },
    {
      question: "How much do leads cost?",
      answer:
        "Cost per lead varies by market and by the volume you need, so we quote after a free consultation. Clients typically see a 5-10x return on their spend. There are no setup fees and no long-term contracts.",
    },
    {
      question: "What markets do you serve?",
      answer:
        "We serve investors across the United States. If you are not sure where to focus, our market research team compares prices, inventory and distress signals to help you choose the markets with the best deal potential.",
    },
  ],
  closingCta: {
    heading: "Ready to fill your pipeline with motivated sellers?",
    text: "Book a free consultation. We will look at your markets and goals and show you what a campaign could deliver. No setup fees, no long-term contracts.",
    button: "Book Free Consultation",
  },
};
