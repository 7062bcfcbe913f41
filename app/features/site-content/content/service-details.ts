/** The four service detail pages' copy (see content.types.ts). */
import type { ServiceDetail, ServiceKey } from "../content.types";

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
