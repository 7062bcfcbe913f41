/**
 * The demo leads as a plan: each lead's form, story, steps and dates, from the fixtures and one seeded
 * generator. Pure and deterministic for a given `now`, so it is tested without a database.
 */
import type { LeadSource, MotivationLevel, PropertyType } from "~/db/enums";
import { demoClients } from "./fixtures/accounts";
import { cities, firstNames, lastNames, sources, streets, valueFactor } from "./fixtures/places";
import { situations, unassignedStories, type Story } from "./fixtures/situations";
import { createRandom, type Random } from "./random";
import { formatDollars, storySteps, type Step } from "./stories";

export const SEED = 20260;
export const DAY = 24 * 60 * 60 * 1000;

/** The new-lead form as a person would fill it in (strings), minus the assignment. */
export interface LeadForm {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  propertyType: PropertyType;
  motivationLevel: MotivationLevel;
  leadSource: LeadSource;
  situationNotes: string;
  askingPrice: string;
  estimatedValue: string;
  estimatedRepairCost: string;
}

export interface LeadPlan {
  form: LeadForm;
  story: Story;
  createdAt: Date;
  steps: Step[];
  /** When each step happened: after createdAt, before now, in order. */
  stepTimes: Date[];
}

const round = (value: number, to: number) => Math.max(to, Math.round(value / to) * to);

/** A time of day in US business hours (14:00-22:00 UTC) `daysAgo` days before `now`, never later than now. */
export function businessTime(now: Date, daysAgo: number, random: Random): Date {
  return inBusinessHours(new Date(now.getTime() - daysAgo * DAY), now, random);
}

/** The same day as `at` (UTC) at a random time between 14:00 and 22:00 UTC, never later than now. */
function inBusinessHours(at: Date, now: Date, random: Random): Date {
  const time =
    Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate(), 14) + random.int(0, 479) * 60_000;
  return new Date(Math.min(time, now.getTime() - random.int(45, 180) * 60_000));
}

/**
 * When each of `steps` steps happened: spread over 90% of the time between `createdAt` and now, in
 * business hours, strictly in order, all before now.
 */
function spreadSteps(steps: number, createdAt: Date, now: Date, random: Random): Date[] {
  const window = (now.getTime() - createdAt.getTime()) * 0.9;
  const times: Date[] = [];
  let previous = createdAt.getTime();
  for (let k = 0; k < steps; k++) {
    const even = new Date(createdAt.getTime() + Math.round((window * (k + 1)) / (steps + 1)));
    let at = inBusinessHours(even, now, random).getTime();
    if (at <= previous) at = previous + random.int(5, 40) * 60_000;
    // Leave room for the remaining steps before now.
    at = Math.min(at, now.getTime() - (steps - k) * 60_000);
    times.push(new Date(at));
    previous = at;
  }
  return times;
}

/** Every lead with its form, story, steps and dates; pure and deterministic for a given `now`. */
export function planLeads(now: Date): LeadPlan[] {
  const random = createRandom(SEED);
  const firsts = random.shuffle(firstNames);
  const lasts = random.shuffle(lastNames);
  let assignedCount = 0;
  return situations.map((situation, i) => {
    const first = firsts[i % firsts.length]!;
    const last = lasts[i % lasts.length]!;
    const place = random.pick(cities);
    const street = random.pick(streets);
    const number = random.int(100, 9899);
    const address =
      situation.propertyType === "condo"
        ? `${number} ${street}, Unit ${random.int(1, 4)}${random.pick(["A", "B", "C"])}`
        : situation.propertyType === "land"
          ? `${number} ${street} (vacant lot)`
          : situation.propertyType === "commercial"
            ? `${number} ${street}, Suites A-D`
            : `${number} ${street}`;
    const value = round(
      place.baseValue * valueFactor[situation.propertyType] * (0.75 + random.next() * 0.5),
      1000,
    );
    const repair =
      situation.propertyType === "land" || !random.chance(0.7)
        ? null
        : round(value * (0.04 + random.next() * 0.22), 500);
    const asking = random.chance(0.6) ? round(value * (0.72 + random.next() * 0.3), 1000) : null;
    const dealPrice = round(Math.min(asking ?? Infinity, value * (0.66 + random.next() * 0.1)), 1000);
    const email = random.chance(0.45)
      ? `${first}.${last}@${random.pick(["example.com", "example.net", "example.org"])}`.toLowerCase()
      : "";

    const assigned = !unassignedStories.includes(situation.story);
    const client = assigned ? assignedCount++ % demoClients.length : 0;
    const steps = storySteps(situation.story, random, {
      first,
      client,
      otherClient: (client + 1) % demoClients.length,
      price: dealPrice,
    });

    // Oldest first: about 59 days ago down to today, in business hours.
    const createdAt = businessTime(now, Math.round(59 - (i * 59) / (situations.length - 1)), random);
    const stepTimes = spreadSteps(steps.length, createdAt, now, random);

    const form: LeadForm = {
      firstName: first,
      lastName: last,
      // The fictional 555-01xx range, one number per lead, written the way people type it.
      phone: `+1 ${place.areaCode}-555-${String(100 + i).padStart(4, "0")}`,
      email,
      address,
      city: place.city,
      state: place.state,
      zipCode: random.pick(place.zips),
      propertyType: situation.propertyType,
      motivationLevel: situation.motivation,
      leadSource: situation.source ?? random.pick(sources),
      situationNotes: situation.notes,
      askingPrice: asking === null ? "" : formatDollars(asking),
      estimatedValue: formatDollars(value),
      estimatedRepairCost: repair === null ? "" : formatDollars(repair),
    };
    return { form, story: situation.story, createdAt, steps, stepTimes };
  });
}
