/**
 * The marketing copy of the public pages: plain, typed data. Numbers and promises come from one fact
 * sheet; do not add statistics, awards, addresses or phone numbers that are not in it.
 */
import type {
  AboutContent,
  CareersContent,
  ContactContent,
  HomeContent,
  ServiceCard,
  ServiceDetail,
  ServiceKey,
} from "./content.types";

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

export const serviceDetails: Record<ServiceKey, ServiceDetail> = {
  wholesale: {
    key: "wholesale",
    metaTitle: "Wholesale Real Estate Lead Generation",
    metaDescription:
      "Motivated seller leads for real estate wholesalers: 300+ a month, screened on motivation, timeline, condition and price. No setup fees or long-term contracts.",
    keywords: [
      "wholesale real estate leads",
      "motivated seller leads",
      "off-market property leads",
      "real estate wholesaling lead generation",
      "assignment deal leads",
    ],
    serviceType: "Wholesale real estate lead generation",
    hero: {
      eyebrow: "Wholesale lead generation",
      title: "Off-market sellers ready to sign a contract",
      lead: "We find homeowners who need to sell, confirm they are motivated, and deliver them to you with the details you need to make an offer. You focus on contracts and buyers.",
    },
    metrics: [
      { value: "300+", label: "Qualified leads a month" },
      { value: "7 days", label: "To your first leads" },
      { value: "5-10x", label: "Typical return on spend" },
      { value: "$0", label: "Setup fees" },
    ],
    features: [
      {
        icon: "target",
        title: "Targeted seller lists",
        description: "Absentee owners, inherited homes and pre-foreclosures in your zip codes.",
      },
      {
        icon: "filter",
        title: "Four-point qualification",
        description: "Each lead is screened on motivation, timeline, condition and price before delivery.",
      },
      {
        icon: "phone",
        title: "Live conversations",
        description: "Trained callers talk to sellers and log the story behind each sale.",
      },
      {
        icon: "users",
        title: "Dedicated account manager",
        description: "One person who knows your buy box and adjusts the campaign with you every week.",
      },
    ],
    process: [
      {
        title: "Define your buy box",
        description: "We agree on markets, property types, price ranges and the spread you need per deal.",
      },
      {
        title: "Build and launch outreach",
        description: "We build the seller lists and start outreach. First leads arrive within 7 days.",
      },
      {
        title: "Qualify every seller",
        description: "Callers confirm motivation, timeline, condition and price, and pass on only fits.",
      },
      {
        title: "Deliver and refine",
        description: "Leads land in your dashboard in real time, and we tune targeting as contracts come in.",
      },
    ],
    checklistTitle: "What every wholesale lead includes",
    checklist: [
      "Owner name and verified contact details",
      "Property address and basic property facts",
      "Reason for selling, in the seller's own words",
      "Timeline to sell",
      "Condition notes and known repairs",
      "Asking price or price expectation",
    ],
    cta: {
      heading: "Get your first 50 qualified leads within 30 days",
      text: "Tell us where you wholesale and how many deals you want to close. We will build the campaign around it. No setup fees, no long-term contract.",
      button: "Book Free Consultation",
    },
  },
  fixFlip: {
    key: "fixFlip",
    metaTitle: "Fix and Flip Property Lead Generation",
    metaDescription:
      "Fix and flip leads for investors: 150+ off-market opportunities a month in the neighborhoods you choose, screened for condition and price. Free consultation.",
    keywords: [
      "fix and flip leads",
      "distressed property leads",
      "house flipping leads",
      "off-market rehab properties",
      "motivated seller leads",
    ],
    serviceType: "Fix and flip property lead generation",
    hero: {
      eyebrow: "Fix and flip lead generation",
      title: "Properties with room for a rehab and a profit",
      lead: "We find dated and distressed homes in neighborhoods where renovated homes sell, and talk to the owners first. You get opportunities with enough detail to run your numbers before you visit.",
    },
    metrics: [
      { value: "150+", label: "Opportunities a month" },
      { value: "7 days", label: "To your first leads" },
      { value: "30 days", label: "To full volume" },
      { value: "5-10x", label: "Typical return on spend" },
    ],
    features: [
      {
        icon: "home",
        title: "Distressed property targeting",
        description: "Homes with deferred maintenance, code issues or vacancy, where a quick sale appeals.",
      },
      {
        icon: "map-pin",
        title: "Neighborhood focus",
        description: "Only the zip codes and price bands where your resale comps support a profitable flip.",
      },
      {
        icon: "clipboard-check",
        title: "Condition notes up front",
        description: "Callers ask about roof, systems and foundation, so you can estimate repairs early.",
      },
      {
        icon: "dollar-sign",
        title: "Price expectations confirmed",
        description: "Sellers tell us what they need, so you skip trips on unrealistic numbers.",
      },
    ],
    process: [
      {
        title: "Set your flip criteria",
        description: "We agree on neighborhoods, price ranges, rehab scope and the margin you need.",
      },
      {
        title: "Find the properties",
        description: "We find matching homes, from cosmetic updates to full rehabs, and reach the owners.",
      },
      {
        title: "Screen for fit",
        description: "Each opportunity is checked for motivation, timeline, condition and price.",
      },
      {
        title: "Hand off to you",
        description: "Qualified opportunities reach your dashboard with notes, ready for your offer.",
      },
    ],
    checklistTitle: "What we confirm before you see a property",
    checklist: [
      "The owner is motivated and willing to sell below retail",
      "The timeline fits a purchase in the next few months",
      "Major repairs and overall condition are noted",
      "The property sits in one of your target neighborhoods",
      "The seller's price expectation leaves room for your margin",
    ],
    cta: {
      heading: "Find your next flip without the legwork",
      text: "Book a free consultation and tell us where you flip. Leads start within 7 days, and there are no setup fees or long-term contracts.",
      button: "Book Free Consultation",
    },
  },
  nurturing: {
    key: "nurturing",
    metaTitle: "Motivated Seller Lead Nurturing and Conversion",
    metaDescription:
      "Lead nurturing for real estate investors: every new seller contacted within 5 minutes and followed up until ready. Clients see 35% higher conversion.",
    keywords: [
      "motivated seller lead nurturing",
      "real estate lead follow-up",
      "lead conversion for investors",
      "real estate drip campaigns",
      "seller lead reactivation",
    ],
    serviceType: "Real estate lead nurturing and conversion",
    hero: {
      eyebrow: "Lead nurturing and conversion",
      title: "Follow-up that turns maybe into yes",
      lead: "Most motivated sellers do not sign on the first call. We respond fast, stay in touch on a schedule, and bring sellers back to you when they are ready to talk price.",
    },
    metrics: [
      { value: "35%", label: "Higher conversion" },
      { value: "5 min", label: "Response to new leads" },
      { value: "7 days", label: "To launch" },
      { value: "$0", label: "Setup fees" },
    ],
    features: [
      {
        icon: "zap",
        title: "5-minute response",
        description: "New leads hear from a real person within 5 minutes, while selling is on their mind.",
      },
      {
        icon: "message-circle",
        title: "Multi-channel follow-up",
        description: "Calls, texts and e-mails on a set schedule, so no seller slips through the cracks.",
      },
      {
        icon: "calendar",
        title: "Long-term drip campaigns",
        description: "Sellers with a longer timeline hear from us for up to a year, until they are ready.",
      },
      {
        icon: "database",
        title: "Old lead reactivation",
        description: "We work the leads already in your CRM and bring back sellers who went quiet.",
      },
    ],
    process: [
      {
        title: "Connect your lead sources",
        description: "We plug into your lead flow and CRM, or work alongside our own lead generation.",
      },
      {
        title: "Respond within 5 minutes",
        description: "Every new lead gets a fast first contact and a conversation about their situation.",
      },
      {
        title: "Follow up on a schedule",
        description: "Sellers move into the right campaign based on their timeline and motivation.",
      },
      {
        title: "Hand off when ready",
        description: "Sellers ready to talk price go straight to you, with notes on what matters to them.",
      },
    ],
    checklistTitle: "Why investors add nurturing",
    checklist: [
      "Leads are contacted while they are still interested",
      "Sellers who are not ready now are not lost",
      "Your team spends its time on sellers ready to talk price",
      "Old leads in your CRM become new opportunities",
      "Every touch is logged in your dashboard",
      "No extra staff to hire, train or manage",
    ],
    cta: {
      heading: "Stop losing sellers to slow follow-up",
      text: "Book a free consultation and see how structured follow-up could lift your conversion. No setup fees or long-term contracts.",
      button: "Book Free Consultation",
    },
    campaigns: [
      {
        name: "New lead welcome sequence",
        timeline: "Days 1-7",
        description: "A fast first call, then texts and e-mails that set up a talk about the property.",
      },
      {
        name: "Long-term drip campaign",
        timeline: "Months 1-12",
        description: "Regular check-ins, so you are the first call when a seller's plans change.",
      },
      {
        name: "Hot lead rapid response",
        timeline: "Hours 1-48",
        description: "Highly motivated sellers get priority follow-up and a fast handoff to you.",
      },
      {
        name: "Past lead reactivation",
        timeline: "Quarterly",
        description: "A scheduled sweep of old and dead leads for sellers whose circumstances have changed.",
      },
    ],
  },
  research: {
    key: "research",
    metaTitle: "Real Estate Market Research and Analysis",
    metaDescription:
      "Market research for real estate investors: prices, inventory, distress signals and competition, with a 24-hour turnaround on standard reports. Book a call.",
    keywords: [
      "real estate market research",
      "investor market analysis",
      "real estate market selection",
      "distressed property data",
      "neighborhood analysis for investors",
    ],
    serviceType: "Real estate market research and analysis",
    hero: {
      eyebrow: "Market research and analysis",
      title: "Know where the deals are before you spend",
      lead: "We analyze prices, inventory, distress signals and competition in the markets you are considering, and give you a clear recommendation on where to focus your marketing.",
    },
    metrics: [
      { value: "24 hr", label: "Turnaround on standard reports" },
      { value: "7 days", label: "From launch to first leads" },
      { value: "5-10x", label: "Typical return on lead spend" },
      { value: "$0", label: "Setup fees" },
    ],
    features: [
      {
        icon: "search",
        title: "Market selection",
        description: "Compare metros side by side to decide where to launch or expand.",
      },
      {
        icon: "trending-up",
        title: "Price and trend analysis",
        description: "Median prices, days on market and price movement at the neighborhood level.",
      },
      {
        icon: "file-text",
        title: "Distress indicators",
        description: "Pre-foreclosures, tax liens, vacancies and probate that signal motivated sellers.",
      },
      {
        icon: "scale",
        title: "Competition review",
        description: "How crowded a market is with investors, and where you have room to stand out.",
      },
    ],
    process: [
      {
        title: "Set the questions",
        description: "We agree on the markets, property types and decisions the research must support.",
      },
      {
        title: "Gather the data",
        description: "We pull sales, listing, distress and demographic data for the areas in scope.",
      },
      {
        title: "Analyze and compare",
        description: "We rank neighborhoods and markets on deal potential, margins and competition.",
      },
      {
        title: "Deliver the report",
        description: "Standard reports arrive within 24 hours, with a recommendation and the data behind it.",
      },
    ],
    checklistTitle: "What a standard report covers",
    checklist: [
      "Median sale prices and recent price trends",
      "Inventory levels and average days on market",
      "Distress activity such as pre-foreclosures and tax liens",
      "Estimated resale values for renovated homes",
      "Level of investor competition",
      "A recommendation on where to focus first",
    ],
    cta: {
      heading: "Pick your next market with data",
      text: "Book a free consultation and tell us which markets you are weighing. Standard reports come back within 24 hours.",
      button: "Book Free Consultation",
    },
    researchServices: [
      {
        name: "Market Selection Analysis",
        description: "A side-by-side comparison of the metros you are weighing for launch or expansion.",
        deliverables: ["Ranked list of markets", "Price and inventory comparison", "Launch recommendation"],
      },
      {
        name: "Neighborhood Analysis",
        description: "The zip codes inside one market where deals and resale demand overlap.",
        deliverables: ["Zip-code price trends", "Renovated resale comps", "Target neighborhoods"],
      },
      {
        name: "Distressed Property Report",
        description: "A breakdown of the distress signals that point to motivated sellers in your area.",
        deliverables: ["Pre-foreclosures and tax liens", "Vacant and long-held homes", "Probate activity"],
      },
      {
        name: "Competitive Landscape Review",
        description: "How other investors market in your area, and where there is room to compete.",
        deliverables: ["Investor purchase volume", "Common marketing channels", "Gaps you can target"],
      },
    ],
  },
};

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

export const careers: CareersContent = {
  metaDescription:
    "Careers at Leadworks: join a growing team helping real estate investors find motivated sellers. Remote-friendly roles, training, bonuses and room to grow.",
  hero: {
    eyebrow: "Careers at Leadworks",
    title: "Help investors find their next deal",
    lead: "We are a growing team of callers, analysts, account managers and marketers. If you like clear goals, real feedback and work that shows up in results, you will fit in here.",
  },
  stats: [
    { value: "50+", label: "Team members" },
    { value: "95%", label: "Employee satisfaction" },
    { value: "200%", label: "Growth" },
  ],
  values: [
    {
      icon: "target",
      title: "Results-Driven",
      description: "We measure our work by the deals our clients close, and we own our numbers.",
    },
    {
      icon: "users",
      title: "Team Collaboration",
      description: "Callers, analysts and account managers work as one team and share what works.",
    },
    {
      icon: "lightbulb",
      title: "Innovation First",
      description: "We test new channels, scripts and tools, and keep what improves results.",
    },
    {
      icon: "shield-check",
      title: "Integrity Always",
      description: "We are honest with sellers, clients and each other, even when it is inconvenient.",
    },
  ],
  benefits: [
    {
      icon: "laptop",
      title: "Remote-friendly work",
      description: "Many roles can be done from home, with the tools and support to do them well.",
    },
    {
      icon: "heart",
      title: "Health coverage",
      description: "Health benefits for eligible team members, so you can focus on work and life.",
    },
    {
      icon: "coffee",
      title: "Paid time off",
      description: "Time to rest and recharge, because good work needs real breaks.",
    },
    {
      icon: "graduation-cap",
      title: "Training and certifications",
      description: "Structured onboarding and ongoing training in sales, real estate and data.",
    },
    {
      icon: "award",
      title: "Performance bonuses",
      description: "Bonuses tied to clear goals, so strong results are rewarded.",
    },
    {
      icon: "rocket",
      title: "Career growth",
      description: "A growing company means new roles, and we promote from within whenever we can.",
    },
  ],
  formIntro: {
    title: "Apply to join the team",
    lead: "Tell us about yourself and the kind of role you are looking for. We read every application and reply to candidates who match an open role.",
  },
};

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
