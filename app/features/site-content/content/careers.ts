/** Marketing copy (see content.types.ts); one file per page so each page ships only its own words. */
import type { CareersContent } from "../content.types";

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
