import { describe, expect, it } from "vitest";
import { passwordSchema } from "~/features/auth/auth.schema";
import { careerSchema } from "~/features/careers/careers.schema";
import { contactSchema } from "~/features/contact/contact.schema";
import { feedbackSchema, leadSchema } from "~/features/leads/leads.schema";
import { DEMO_PASSWORD, demoClients } from "./seed-demo/fixtures/accounts";
import { demoCareers, demoContacts } from "./seed-demo/fixtures/submissions";
import { planLeads, type LeadPlan } from "./seed-demo/plan";
import { createRandom } from "./seed-demo/random";
import { feedbackForm } from "./seed-demo/stories";

const now = new Date("2026-03-10T16:30:00Z");
const DAY = 24 * 60 * 60 * 1000;

describe("createRandom", () => {
  it("repeats its sequence for a seed", () => {
    const a = createRandom(7);
    const b = createRandom(7);
    const first = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(first);
    expect(first.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(createRandom(8).next()).not.toBe(first[0]);
  });
});

describe("the demo data", () => {
  const plans = planLeads(now);

  it("is the same on every run", () => {
    expect(planLeads(now)).toEqual(plans);
  });

  it("uses a password that passes the password rule", () => {
    expect(passwordSchema.safeParse(DEMO_PASSWORD).success).toBe(true);
  });

  it("has about forty leads that pass the new-lead form, with fictional E.164 phones", () => {
    expect(plans.length).toBeGreaterThanOrEqual(35);
    const phones = new Set<string>();
    for (const plan of plans) {
      const lead = leadSchema.parse({ ...plan.form, assignedToClientId: "" });
      expect(lead.phone).toMatch(/^\+1[2-9]\d{2}55501\d{2}$/);
      phones.add(lead.phone);
    }
    expect(phones.size).toBe(plans.length);
  });

  it("spreads the leads over the last two months and dates every step in order, before now", () => {
    for (const plan of plans) {
      expect(plan.createdAt.getTime()).toBeLessThan(now.getTime());
      expect(plan.createdAt.getTime()).toBeGreaterThan(now.getTime() - 62 * DAY);
      expect(plan.stepTimes).toHaveLength(plan.steps.length);
      let previous = plan.createdAt.getTime();
      for (const at of plan.stepTimes) {
        expect(at.getTime()).toBeGreaterThan(previous);
        expect(at.getTime()).toBeLessThan(now.getTime());
        previous = at.getTime();
      }
    }
    const ages = plans.map((p) => (now.getTime() - p.createdAt.getTime()) / DAY);
    expect(Math.max(...ages)).toBeGreaterThan(50);
    expect(ages.filter((age) => age < 7).length).toBeGreaterThanOrEqual(3);
  });

  it("keeps the steps in order whatever the time of day it runs", () => {
    for (let hour = 0; hour < 24; hour += 0.75) {
      const at = new Date(now.getTime() + hour * 60 * 60 * 1000);
      for (const plan of planLeads(at)) {
        const times = [plan.createdAt, ...plan.stepTimes].map((t) => t.getTime());
        times.forEach((t, i) => i > 0 && expect(t).toBeGreaterThan(times[i - 1]!));
        expect(times.at(-1)!).toBeLessThan(at.getTime());
      }
    }
  });

  it("assigns about two thirds of the leads across the three clients", () => {
    const finalClient = (plan: LeadPlan) =>
      plan.steps.reduce<number | null>((client, step) => (step.do === "assign" ? step.client : client), null);
    const assigned = plans.map(finalClient).filter((c) => c !== null);
    expect(assigned.length / plans.length).toBeGreaterThan(0.55);
    expect(assigned.length / plans.length).toBeLessThan(0.8);
    expect(new Set(assigned)).toEqual(new Set(demoClients.map((_, i) => i)));
  });

  it("gives feedback only on assigned leads, as the feedback form accepts it (a reason for Not Interested, deal figures)", () => {
    let dealsWithFigures = 0;
    for (const plan of plans) {
      let assigned = false;
      for (const step of plan.steps) {
        if (step.do === "assign") assigned = true;
        if (step.do === "feedback") {
          expect(assigned).toBe(true);
          const form = feedbackForm(step);
          expect(feedbackSchema.safeParse(form).success).toBe(true);
          if (step.status === "deal_closed") dealsWithFigures += step.deal ? 1 : 0;
        }
      }
    }
    expect(dealsWithFigures).toBeGreaterThan(0);
  });

  it("has contact messages and job applications that pass their forms, from distinct senders", () => {
    for (const contact of demoContacts) expect(contactSchema.safeParse(contact.form).success).toBe(true);
    for (const career of demoCareers) expect(careerSchema.safeParse(career.form).success).toBe(true);
    const senders = [...demoContacts, ...demoCareers].map((s) => s.form.email);
    expect(new Set(senders).size).toBe(senders.length);
  });
});
