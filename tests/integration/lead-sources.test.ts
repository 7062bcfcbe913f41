/**
 * The agency's lead sources (ADR 057) on both databases: an admin adds, renames, retires and merges
 * sources; a lead may be given an open source only (an edit keeps a retired one); the API names the keys
 * it takes; a merge moves leads, past deliveries, the insights' figures, the routing switch and the
 * import's remembered choices, and never takes a built-in source away.
 */
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  importValueChoices,
  leadDeliveries,
  leads,
  routingSources,
  sources,
  user,
  userRoles,
} from "~/db/schema";
import { createApiKey } from "~/features/auth/api-keys.server";
import { intakeLeads, type ApiKeyPrincipal } from "~/features/leads/api/api.server";
import { agencyInsights, ownInsights } from "~/features/leads/insights/insights.server";
import { createLead, updateLeadDetails } from "~/features/leads/lead-commands.server";
import { handleLeadForm } from "~/features/leads/lead-actions.server";
import type { LeadInput } from "~/features/leads/leads.schema";
import { routingOverview, saveRoutingSources } from "~/features/leads/routing/routing-settings.server";
import { handleSourcePost } from "~/features/leads/sources/sources-action.server";
import {
  addSource,
  listSourceOptions,
  mergeSource,
  renameSource,
  SourceError,
  setSourceRetired,
  sourceChoices,
  UnknownSourceError,
} from "~/features/leads/sources/sources.server";
import { sourceKeyOf } from "~/features/leads/sources/sources";
import type { Actor } from "~/lib/actor";
import { NotAllowedError, permissionsOf, type ActorRef } from "~/lib/permissions";
import { testDatabases } from "../support/databases";
import { JANE_DOE, useTestDatabase } from "../support/integration-fixtures";
import { deliverLeads } from "../support/lead-deliveries";
import { formRequest } from "../support/route-calls";

const ids = { admin: crypto.randomUUID(), client: crypto.randomUUID() };
const admin: ActorRef = { id: ids.admin, permissions: permissionsOf(["admin"]) };
const adminActor: Actor = {
  ...admin,
  kind: "user",
  email: "admin@sources.test",
  name: "admin@sources.test",
  sessionId: "sources-session",
  roles: ["admin"],
  clientId: null,
  companyRole: null,
  profile: null,
};
const client: ActorRef = { id: ids.client, permissions: permissionsOf(["client"]) };
/** The API's caller: a real key's row (leads name the key that sent them). */
let apiWriter: ApiKeyPrincipal;

let phone = 2000;
const leadInput = (leadSource: string): LeadInput => ({
  ...JANE_DOE,
  phone: `+1202555${String(phone++).padStart(4, "0")}`,
  address: `${phone} Source Street`,
  state: "IL",
  propertyType: "single_family",
  motivationLevel: "warm",
  leadSource,
  situationNotes: null,
  askingPrice: null,
  estimatedValue: null,
  estimatedRepairCost: null,
  assignedToClientId: null,
});

describe("a source's key", () => {
  it("is its label's words in lower case joined by _, whatever the spelling", () => {
    expect(sourceKeyOf("Facebook Ads")).toBe("facebook_ads");
    expect(sourceKeyOf("  PPC -- Google  ")).toBe("ppc_google");
    expect(sourceKeyOf("Café Mailers")).toBe("cafe_mailers");
    expect(sourceKeyOf("2024 Probate List")).toBe("2024_probate_list");
    expect(sourceKeyOf("!!!")).toBe("source");
    expect(sourceKeyOf("日本")).toBe("source");
    expect(sourceKeyOf("x".repeat(80))).toHaveLength(34);
  });
});

describe.each(testDatabases)("lead sources on $name", (testDb) => {
  const database = useTestDatabase(testDb);
  const db = () => database.db;

  beforeAll(async () => {
    await db()
      .insert(user)
      .values([
        { id: ids.admin, email: `${ids.admin}@sources.test`, name: "Admin" },
        { id: ids.client, email: `${ids.client}@sources.test`, name: "Client" },
      ]);
    await db()
      .insert(userRoles)
      .values([
        { userId: ids.admin, role: "admin" },
        { userId: ids.client, role: "client" },
      ]);
    const key = await createApiKey(adminActor, { name: "Vendor", scopes: ["leads:write"] });
    apiWriter = {
      id: key.id,
      name: key.name,
      permissions: new Set(["lead:create:any", "lead:read:any"] as const),
    };
  });

  it("starts with the eight built-in sources, and only admins change them", async () => {
    const all = await listSourceOptions();
    expect(all.map((s) => s.value)).toEqual([
      "cold_call",
      "direct_mail",
      "referral",
      "networking",
      "online",
      "drive_for_dollars",
      "bandit_signs",
      "other",
    ]);
    await expect(addSource(client, "Mine")).rejects.toBeInstanceOf(NotAllowedError);
    await expect(mergeSource(client, "other", "online")).rejects.toBeInstanceOf(NotAllowedError);
  });

  it("adds a source with a key from its label, unique, at the end; a taken name is refused", async () => {
    expect(await addSource(admin, "Facebook Ads")).toEqual({ key: "facebook_ads", label: "Facebook Ads" });
    await expect(addSource(admin, "FACEBOOK ADS")).rejects.toThrow(
      'There is already a source named "FACEBOOK ADS"',
    );
    await renameSource(admin, "facebook_ads", "Meta Ads");
    // The old key is still taken (keys never change), so the same words get the next one.
    expect((await addSource(admin, "Facebook Ads")).key).toBe("facebook_ads_2");
    const all = await listSourceOptions();
    expect(all.slice(-2).map((s) => [s.value, s.label])).toEqual([
      ["facebook_ads", "Meta Ads"],
      ["facebook_ads_2", "Facebook Ads"],
    ]);
  });

  it("gives a new lead an open source only; an edit keeps a source retired since", async () => {
    await addSource(admin, "Probate List");
    const { id } = await createLead(admin, leadInput("probate_list"));
    await setSourceRetired(admin, "probate_list", true);
    expect((await sourceChoices()).some((s) => s.value === "probate_list")).toBe(false);
    expect(await sourceChoices("probate_list")).toContainEqual({
      value: "probate_list",
      label: "Probate List (retired)",
    });
    await expect(createLead(admin, leadInput("probate_list"))).rejects.toBeInstanceOf(UnknownSourceError);
    await expect(createLead(admin, leadInput("no_such_source"))).rejects.toBeInstanceOf(UnknownSourceError);
    const { assignedToClientId: _, ...details } = leadInput("probate_list");
    expect(await updateLeadDetails(admin, id, { ...details, city: "Peoria" })).toBe(true);
    // Moving it to another source and back is refused: the retired one is no longer on offer.
    expect(await updateLeadDetails(admin, id, { ...details, leadSource: "referral" })).toBe(true);
    await expect(updateLeadDetails(admin, id, details)).rejects.toBeInstanceOf(UnknownSourceError);
    await setSourceRetired(admin, "probate_list", false);
    expect(await updateLeadDetails(admin, id, details)).toBe(true);
  });

  it("answers the new-lead form's retired or unknown source under the field, with the form's words", async () => {
    await setSourceRetired(admin, "probate_list", true);
    for (const leadSource of ["probate_list", "gone_source"]) {
      const lead = leadInput(leadSource);
      const fields = Object.fromEntries(
        Object.entries({ ...lead, allowDuplicate: "yes" }).map(([k, v]) => [k, v === null ? "" : String(v)]),
      );
      const answer = (await handleLeadForm(
        formRequest("/admin/leads/new", fields),
        adminActor,
      )) as unknown as {
        init: { status: number };
        data: { result: { error: Record<string, string[]> } };
      };
      expect(answer.init.status, leadSource).toBe(400);
      expect(answer.data.result.error.leadSource).toEqual(["Choose a lead source"]);
    }
    await setSourceRetired(admin, "probate_list", false);
  });

  it("takes an agency source by its key in the API, and names the open keys for any other", async () => {
    const body = { ...leadInput("meta_ads"), leadSource: "facebook_ads" };
    const created = await intakeLeads(apiWriter, { body, raw: JSON.stringify(body) });
    expect(created.status).toBe(201);
    await setSourceRetired(admin, "facebook_ads_2", true);
    for (const sent of ["facebook_ads_2", "Facebook Ads", "FACEBOOK_ADS", "nope"]) {
      const other = { ...leadInput("x"), leadSource: sent };
      const answer = await intakeLeads(apiWriter, { body: other, raw: JSON.stringify(other) });
      expect(answer.status, sent).toBe(400);
      const keys = (await listSourceOptions()).filter((s) => !s.retired).map((s) => s.value);
      expect(keys).not.toContain("facebook_ads_2");
      expect("errors" in answer && answer.errors).toEqual({
        leadSource: [`Unknown lead source ${JSON.stringify(sent)}: use one of ${keys.join(", ")}`],
      });
    }
  });

  it("offers routing for open sources, and saves switches for those only", async () => {
    await saveRoutingSources(admin, ["facebook_ads", "facebook_ads_2", "not_a_source"]);
    const overview = await routingOverview(admin);
    expect(overview.sources.find((s) => s.value === "facebook_ads")).toMatchObject({
      label: "Meta Ads",
      enabled: true,
    });
    expect(overview.sources.some((s) => s.value === "facebook_ads_2")).toBe(false);
    const rows = await db()
      .select()
      .from(routingSources)
      .where(eq(routingSources.leadSource, "not_a_source"));
    expect(rows).toEqual([]);
  });

  it("merges a source into another: leads, past deliveries, insight figures, routing switch and remembered choices move", async () => {
    await addSource(admin, "PPC");
    const delivered = await deliverLeads(db(), ids.client, 3, new Date());
    await db()
      .update(leads)
      .set({ leadSource: "ppc" })
      .where(inArray(leads.id, delivered.slice(0, 2)));
    // One of them is then taken back: its past delivery stays in the figures, with its source.
    await db().update(leads).set({ assignedToClientId: null }).where(eq(leads.id, delivered[1]!));
    await saveRoutingSources(admin, ["ppc"]);
    await db()
      .insert(importValueChoices)
      .values({ field: "leadSource", valueKey: "payperclick", target: "ppc" });
    const range = { from: "2020-01-01", to: "2100-12-31" };
    const bySource = async () => {
      const figures = await agencyInsights(admin, range);
      const out: Record<string, number> = {};
      for (const row of figures.delivered) out[row.source] = (out[row.source] ?? 0) + row.count;
      return out;
    };
    const before = await bySource();
    expect(before.ppc).toBe(2);

    await expect(mergeSource(admin, "ppc", "ppc")).rejects.toThrow("Choose a different source to merge into");
    await expect(mergeSource(admin, "online", "ppc")).rejects.toThrow(
      "A built-in source cannot be merged away",
    );
    await expect(mergeSource(admin, "ppc", "facebook_ads_2")).rejects.toThrow("not a retired one");
    const merged = await mergeSource(admin, "ppc", "online");
    expect(merged).toEqual({ from: "PPC", into: "Online", leads: 2 });

    const after = await bySource();
    expect(after.ppc).toBeUndefined();
    expect(after.online).toBe((before.online ?? 0) + 2);
    expect(await db().select().from(sources).where(eq(sources.key, "ppc"))).toEqual([]);
    const deliveries = await db().select({ s: leadDeliveries.leadSource }).from(leadDeliveries);
    expect(deliveries.some((d) => d.s === "ppc")).toBe(false);
    expect(await db().select().from(routingSources).where(eq(routingSources.leadSource, "ppc"))).toEqual([]);
    const [choice] = await db()
      .select()
      .from(importValueChoices)
      .where(eq(importValueChoices.valueKey, "payperclick"));
    expect(choice?.target).toBe("online");
    await expect(renameSource(admin, "ppc", "Back")).rejects.toBeInstanceOf(SourceError);
    // The client is told of the sources its own figures name, not of every source the agency keeps.
    const own = await ownInsights(client, range);
    const named = new Set(own.delivered.map((r) => r.source));
    expect(own.sources.map((s) => s.value).sort()).toEqual([...named].sort());
    expect(named.has("online")).toBe(true);
    expect(own.sources.some((s) => s.value === "facebook_ads")).toBe(false);
    expect((await agencyInsights(admin, range)).sources.some((s) => s.value === "facebook_ads")).toBe(true);
  });

  it("answers the sources page's forms: a redirect with its toast, or the message under the field", async () => {
    const post = (fields: Record<string, string>) =>
      handleSourcePost(formRequest("/admin/sources", fields), admin);
    const added = await post({ intent: "add", label: "  SMS   Blast " }).catch((e: unknown) => e);
    expect(added).toBeInstanceOf(Response);
    expect((added as Response).status).toBe(302);
    expect((await listSourceOptions()).at(-1)).toMatchObject({ value: "sms_blast", label: "SMS Blast" });

    const cases: [Record<string, string>, number, string, string][] = [
      [{ intent: "add", label: "" }, 400, "label", "Name the source"],
      [
        { intent: "add", label: "x".repeat(61) },
        400,
        "label",
        "A source's name must be at most 60 characters",
      ],
      [
        { intent: "rename", key: "sms_blast", label: "meta ads" },
        400,
        "label",
        'There is already a source named "meta ads"',
      ],
      [
        { intent: "rename", key: "nope", label: "Nope" },
        404,
        "key",
        "That source no longer exists: reload the page",
      ],
      [{ intent: "retire", key: "BAD KEY" }, 400, "key", "That source no longer exists: reload the page"],
      [{ intent: "merge", key: "sms_blast", into: "" }, 400, "into", "Choose the source to merge into"],
    ];
    for (const [fields, status, field, message] of cases) {
      const answer = (await post(fields)) as unknown as {
        init: { status: number } | null;
        data: { ok: boolean; result: { error: Record<string, string[]> } };
      };
      expect(answer.init?.status ?? 200, JSON.stringify(fields)).toBe(status);
      expect(answer.data.ok).toBe(false);
      expect(answer.data.result.error[field], JSON.stringify(fields)).toEqual([message]);
    }
    const unknown = (await post({ intent: "delete", key: "sms_blast" })) as unknown as {
      init: { status: number };
    };
    expect(unknown.init.status).toBe(400);
  });
});
