/**
 * The shape of the marketing copy (content.ts). Icons are named, not imported, so the copy stays plain
 * data; components/icons.tsx maps each name to its lucide icon.
 */
export const iconNames = [
  "building",
  "hammer",
  "message-circle",
  "bar-chart",
  "search",
  "target",
  "filter",
  "phone",
  "handshake",
  "trending-up",
  "shield-check",
  "clock",
  "users",
  "map-pin",
  "mail",
  "calendar",
  "dollar-sign",
  "layout-dashboard",
  "database",
  "zap",
  "award",
  "heart",
  "lightbulb",
  "scale",
  "graduation-cap",
  "laptop",
  "coffee",
  "piggy-bank",
  "rocket",
  "file-text",
  "home",
  "clipboard-check",
] as const;
export type IconName = (typeof iconNames)[number];

export type ServiceKey = "wholesale" | "fixFlip" | "nurturing" | "research";

/** A card in the home page's services grid and on the services overview (spec 01 §3: Service card). */
export interface ServiceCard {
  key: ServiceKey;
  icon: IconName;
  title: string;
  description: string;
  /** Exactly four bullets. */
  features: [string, string, string, string];
  outcome: string;
}

export interface Step {
  title: string;
  description: string;
}

/** spec 01 §3: Stat: number, label, description. */
export interface Stat {
  number: string;
  label: string;
  description: string;
}

/** spec 01 §3: Testimonial: name, company, quote, rating, deals. */
export interface Testimonial {
  name: string;
  company: string;
  quote: string;
  rating: 5;
  deals: number;
}

export interface FaqItem {
  question: string;
  answer: string;
}

export interface Feature {
  icon: IconName;
  title: string;
  description: string;
}

export interface ServiceDetail {
  key: ServiceKey;
  /** <title> without the brand, and meta description (140-160 characters) and 4-6 keywords. */
  metaTitle: string;
  metaDescription: string;
  keywords: string[];
  /** schema.org Service fields. */
  serviceType: string;
  hero: { eyebrow: string; title: string; lead: string };
  /** Four metric cards, e.g. { value: "300+", label: "qualified leads a month" }. */
  metrics: { value: string; label: string }[];
  features: Feature[];
  /** Exactly four steps. */
  process: [Step, Step, Step, Step];
  checklistTitle: string;
  checklist: string[];
  cta: { heading: string; text: string; button: string };
  /** Lead nurturing only: four campaign types with the timelines Days 1-7, Months 1-12, Hours 1-48, Quarterly. */
  campaigns?: { name: string; timeline: string; description: string }[];
  /** Market research only: four research services, each with its deliverables. */
  researchServices?: { name: string; description: string; deliverables: string[] }[];
}

export interface HomeContent {
  hero: { eyebrow: string; title: string; lead: string; promises: string[] };
  servicesIntro: { title: string; lead: string };
  processIntro: { title: string; lead: string };
  /** Exactly six: market research, lead generation, lead qualification, contact and nurture, deal conversion, performance optimization. */
  process: Step[];
  statsIntro: { title: string; lead: string };
  stats: Stat[];
  testimonialsIntro: { title: string; lead: string };
  testimonials: Testimonial[];
  faqIntro: { title: string; lead: string };
  faqs: FaqItem[];
  closingCta: { heading: string; text: string; button: "Book Free Consultation" };
}

export interface AboutContent {
  metaDescription: string;
  hero: { eyebrow: string; title: string; lead: string };
  story: { title: string; paragraphs: string[] };
  expertise: { title: string; lead: string; items: Feature[] };
  /** Exactly five. */
  reasons: { title: string; items: Feature[] };
  cta: { heading: string; text: string; button: string };
}

export interface CareersContent {
  metaDescription: string;
  hero: { eyebrow: string; title: string; lead: string };
  /** 50+ team members, 95% employee satisfaction, 200% growth. */
  stats: { value: string; label: string }[];
  /** results-driven, team collaboration, innovation first, integrity always. */
  values: Feature[];
  /** Exactly six. */
  benefits: Feature[];
  formIntro: { title: string; lead: string };
}

export interface ContactContent {
  metaDescription: string;
  hero: { eyebrow: string; title: string; lead: string };
  formIntro: { title: string; lead: string };
  contactCard: { title: string; text: string; responseNote: string };
  nextSteps: Step[];
  cta: { heading: string; text: string; button: string };
}
