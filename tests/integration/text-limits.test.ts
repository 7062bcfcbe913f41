/**
 * Every form and API field that stores text, filled to the longest value its schema allows (the spec's
 * limits), through the real routes on both databases: nothing answers 5xx, and the whole text is stored,
 * including where the server composes it into a longer text (the timeline's "Return requested: <reason>.
 * <note>" once overflowed its column and lost the return). The values mix in non-ASCII letters, so a limit
 * counted in bytes instead of characters would show too.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  apiKeys,
  careerApplications,
  clientAgreements,
  contactSubmissions,
  leadActivities,
  leadDocuments,
  leadReturns,
  leads,
  profiles,
  webhookEndpoints,
} from "~/db/schema";
import { accountMax } from "~/features/auth/auth.schema";
import { API_KEY_NAME_MAX } from "~/features/auth/api-keys.schema";
import { careerMax } from "~/features/careers/careers.schema";
import { contactMax } from "~/features/contact/contact.schema";
import { AGREEMENT_TEXT_MAX } from "~/features/leads/agreements/agreement.schema";
import { claimJob, runJob } from "~/features/leads/import/job.server";
import { activityMax, documentMax, feedbackMax, leadMax } from "~/features/leads/leads.schema";
import { RETURN_NOTE_MAX } from "~/features/leads/returns/return.schema";
import { WEBHOOK_URL_MAX } from "~/features/webhooks/webhooks.schema";
import { action as accountAction } from "~/routes/account";
import { action as apiKeysAction } from "~/routes/admin/api-keys";
import { action as agreementAction } from "~/routes/admin/clients/detail";
import { action as leadAction } from "~/routes/admin/leads/detail";
import { action as editAction } from "~/routes/admin/leads/edit";
import { action as uploadAction } from "~/routes/admin/leads/import";
import { action as importAction } from "~/routes/admin/leads/import-detail";
import { action as newAction } from "~/routes/admin/leads/new";
import { action as returnsAction } from "~/routes/admin/returns";
import { action as usersAction } from "~/routes/admin/users";
import { action as adminWebhookAction } from "~/routes/admin/webhooks/client";
import { action as intakeAction } from "~/routes/api/v1/leads";
import { action as authAction } from "~/routes/auth/auth";
import { action as clientLeadAction } from "~/routes/client/lead";
import { action as settingsAction } from "~/routes/client/settings";
import { action as careersAction } from "~/routes/site/careers";
import { action as contactAction } from "~/routes/site/contact";
import { testDatabases } from "../support/databases";
import { signedInAccounts, stubAuthEnv, useTestDatabase } from "../support/integration-fixtures";
import { ORIGIN, callRoute, formRequest, type RouteFn } from "../support/route-calls";

stubAuthEnv({ IP_RATE_LIMITS: "off" });

const PASSWORD = "Harbor-Light-42";

const FILLER = "Ünïcode, accents é ü and words ";

/** Text of exactly `length` characters starting with `tag` (values are told apart), not blank at its ends. */
function longText(length: number, tag: string): string {
  let text = tag;
  while (text.length < length) text += FILLER;
  return text.slice(0, length - 1) + "x";
}

/** A valid e-mail address of exactly `length` characters (lower case: addresses are stored so). */
function longEmail(length: number, tag: string): string {
  const local = (tag + "a".repeat(64)).slice(0, 64);
  let remaining = length - local.length - 1 - ".com".length;
  const labels: string[] = [];
  while (remaining > 63) {
    labels.push("b".repeat(61));
    remaining -= 62;
  }
  labels.push("c".repeat(remaining));
  const email = `${local}@${labels.join(".")}.com`;
  expect(email).toHaveLength(length);
  return email;
}

/** The longest phone of the career and profile forms: digits, spaces and punctuation, exactly 20. */
const LONG_PHONE = "+1 (202) 555-0100 99";
/** The longest E.164 number: + and 15 digits, what a lead's phone is stored as. */
const e164 = (n: number) => `+44${String(n).padStart(13, "7")}`;

type Account = "admin" | "client" | "plain";

describe.each(testDatabases)("the longest allowed texts on $name", (testDb) => {
  const database = useTestDatabase(testDb);
  const { ids, cookies } = signedInAccounts(
    database,
    { admin: { role: "admin" }, client: { role: "client", companyName: "Alpha Homes" }, plain: {} },
    PASSWORD,
  );

  const post = (who: Account | null, path: string, fields: Record<string, string>) =>
    formRequest(path, fields, who ? { cookie: cookies[who] } : {});
  const multipart = (who: Account | null, path: string, form: FormData) =>
    new Request(ORIGIN + path, {
      method: "POST",
      body: form,
      headers: { ...(who ? { Cookie: cookies[who] } : {}), "User-Agent": "vitest" },
    });

  /**
   * Runs a route's action and checks that it succeeded: no exception (a 500), a status under 400, and no
   * `ok: false` in its data. Returns the answer's data (or the redirect).
   */
  async function submit(label: string, fn: RouteFn, request: Request, params: Record<string, string> = {}) {
    const result = await callRoute(fn, request, params);
    if (result instanceof Response) {
      expect(result.status, `${label}: ${await result.clone().text()}`).toBeLessThan(400);
      return result;
    }
    const value = result as { type?: string; data?: unknown; init?: { status?: number } | null };
    const body = (value.type === "DataWithResponseInit" ? value.data : result) as {
      ok?: boolean;
      toast?: unknown;
    };
    const status = value.type === "DataWithResponseInit" ? (value.init?.status ?? 200) : 200;
    expect(status, `${label}: ${JSON.stringify(body?.toast)}`).toBeLessThan(400);
    expect(body?.ok, `${label}: ${JSON.stringify(body?.toast)}`).not.toBe(false);
    return body;
  }

  const leadFields = (tag: string, n: number) => ({
    firstName: longText(leadMax.firstName, `${tag}F`),
    lastName: longText(leadMax.lastName, `${tag}L`),
    phone: e164(n),
    email: longEmail(leadMax.email, `${tag.toLowerCase()}lead`),
    address: longText(leadMax.address, `${n} ${tag} Street`),
    city: longText(leadMax.city, `${tag}City`),
    state: "IL",
    zipCode: "62704-1234",
    propertyType: "single_family",
    motivationLevel: "hot",
    leadSource: "referral",
    situationNotes: longText(leadMax.situationNotes, `${tag}Notes`),
  });
  type LeadText = ReturnType<typeof leadFields>;

  async function storedLead(firstName: string) {
    const rows = await database.db.select().from(leads).where(eq(leads.firstName, firstName));
    expect(rows, firstName).toHaveLength(1);
    return rows[0]!;
  }

  /** The lead with `fields.firstName` holds every text as sent. */
  async function expectLead(fields: LeadText) {
    const row = await storedLead(fields.firstName);
    expect(row).toMatchObject({
      firstName: fields.firstName,
      lastName: fields.lastName,
      phone: fields.phone,
      email: fields.email,
      address: fields.address,
      city: fields.city,
      zipCode: fields.zipCode,
      situationNotes: fields.situationNotes,
    });
    return row;
  }

  it("takes the longest allowed value of every text field without a 5xx, and stores all of it", async () => {
    // ------------------------------------------------------------ public forms
    const contact = {
      name: longText(contactMax.name, "Name"),
      email: longEmail(contactMax.email, "contact"),
      company: longText(contactMax.company, "Company"),
      subject: longText(contactMax.subject, "Subject"),
      message: longText(contactMax.message, "Message"),
    };
    await submit(
      "contact",
      contactAction,
      post(null, "/contact/real-estate-lead-generation-services", contact),
    );
    const [storedContact] = await database.db
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.email, contact.email));
    expect(storedContact).toMatchObject(contact);

    const career = {
      firstName: longText(careerMax.firstName, "Ann"),
      lastName: longText(careerMax.lastName, "Lee"),
      email: longEmail(careerMax.email, "career"),
      phone: LONG_PHONE,
      positionInterest: "cold-calling",
      experienceLevel: "4-5",
      coverLetter: longText(careerMax.coverLetter, "Cover"),
    };
    expect(career.phone).toHaveLength(careerMax.phone);
    const careerForm = new FormData();
    for (const [name, value] of Object.entries(career)) careerForm.set(name, value);
    await submit(
      "careers",
      careersAction,
      multipart(null, "/careers/real-estate-lead-generation-jobs", careerForm),
    );
    const [storedCareer] = await database.db
      .select()
      .from(careerApplications)
      .where(eq(careerApplications.email, career.email));
    expect(storedCareer).toMatchObject(career);

    // ------------------------------------------------------------ accounts
    const signUp = {
      email: longEmail(accountMax.email, "signup"),
      firstName: longText(accountMax.firstName, "Sign"),
      lastName: longText(accountMax.lastName, "Up"),
    };
    const password = `Aa1!${"p".repeat(accountMax.password - 4)}`;
    await submit("sign-up", authAction, post(null, "/auth", { intent: "sign-up", ...signUp, password }));
    const [signedUp] = await database.db
      .select({ email: profiles.email, firstName: profiles.firstName, lastName: profiles.lastName })
      .from(profiles)
      .where(eq(profiles.email, signUp.email));
    expect(signedUp).toEqual(signUp);

    const profile = {
      firstName: longText(accountMax.firstName, "Prof"),
      lastName: longText(accountMax.lastName, "Ile"),
      companyName: longText(accountMax.companyName, "Own company"),
      phone: LONG_PHONE,
    };
    await submit("profile", accountAction, post("plain", "/account", profile));
    const [ownProfile] = await database.db.select().from(profiles).where(eq(profiles.userId, ids.plain));
    expect(ownProfile).toMatchObject(profile);

    const invite = {
      email: longEmail(accountMax.email, "invite"),
      companyName: longText(accountMax.companyName, "Invited company"),
      firstName: longText(accountMax.firstName, "Inv"),
      lastName: longText(accountMax.lastName, "Ited"),
    };
    await submit("invite", usersAction, post("admin", "/admin/users", { intent: "invite", ...invite }));
    const [invited] = await database.db
      .select({
        email: profiles.email,
        companyName: profiles.companyName,
        firstName: profiles.firstName,
        lastName: profiles.lastName,
      })
      .from(profiles)
      .where(eq(profiles.email, invite.email));
    expect(invited).toEqual(invite);
    const company = longText(accountMax.companyName, "Set company");
    await submit(
      "set-company",
      usersAction,
      post("admin", "/admin/users", { intent: "set-company", userId: ids.client, companyName: company }),
    );
    const [client] = await database.db.select().from(profiles).where(eq(profiles.userId, ids.client));
    expect(client!.companyName).toBe(company);

    // ------------------------------------------------------------ agreements and webhooks
    const terms = {
      leadsPerMonth: "50",
      startsOn: "2026-01-01",
      pricePerLead: "45",
      returnWindowDays: "90",
      returnCapPercent: "100",
      targetMarkets: longText(AGREEMENT_TEXT_MAX, "Markets"),
      buyBox: longText(AGREEMENT_TEXT_MAX, "Buy box"),
    };
    await submit("agreement", agreementAction, post("admin", `/admin/clients/${ids.client}`, terms), {
      id: ids.client,
    });
    const [agreement] = await database.db
      .select()
      .from(clientAgreements)
      .where(eq(clientAgreements.clientId, ids.client));
    expect(agreement).toMatchObject({ targetMarkets: terms.targetMarkets, buyBox: terms.buyBox });

    const hookUrl = (tag: string) => {
      const start = `https://crm.example.com/${tag}/`;
      return start + "é".repeat(WEBHOOK_URL_MAX - start.length);
    };
    const clientUrl = hookUrl("own");
    await submit(
      "webhook",
      settingsAction,
      post("client", "/client/settings", { intent: "save", url: clientUrl }),
    );
    const adminUrl = hookUrl("admin");
    await submit(
      "admin webhook",
      adminWebhookAction,
      post("admin", `/admin/webhooks/${ids.client}`, { intent: "save", url: adminUrl }),
      { clientId: ids.client },
    );
    const [endpoint] = await database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.clientId, ids.client));
    expect([clientUrl.length, endpoint!.url]).toEqual([WEBHOOK_URL_MAX, adminUrl]);

    // ------------------------------------------------------------ leads: form, edit, timeline, client
    const created = { ...leadFields("Form", 1), assignedToClientId: ids.client };
    await submit(
      "new lead",
      newAction,
      post("admin", "/admin/leads/new", { ...created, allowDuplicate: "yes" }),
    );
    const lead = await expectLead(created);
    expect(lead.assignedToClientId).toBe(ids.client);

    const edited = leadFields("Edit", 2);
    await submit(
      "edit lead",
      editAction,
      post("admin", `/admin/leads/${lead.id}/edit`, { ...edited, allowDuplicate: "yes" }),
      { id: lead.id },
    );
    await expectLead(edited);

    const timeline = async (activityType: (typeof leadActivities.$inferSelect)["activityType"]) =>
      database.db
        .select()
        .from(leadActivities)
        .where(and(eq(leadActivities.leadId, lead.id), eq(leadActivities.activityType, activityType)));

    const description = longText(activityMax.description, "Called");
    await submit(
      "activity",
      leadAction,
      post("admin", `/admin/leads/${lead.id}`, {
        intent: "activity",
        activityType: "call_logged",
        description,
      }),
      { id: lead.id },
    );
    expect((await timeline("call_logged")).map((a) => a.description)).toEqual([description]);

    const documentName = longText(documentMax.documentName, "Inspection");
    const documentForm = new FormData();
    documentForm.set("documentName", documentName);
    documentForm.set(
      "document",
      new File([new TextEncoder().encode("%PDF-1.4\n%%EOF\n")], "report.pdf", { type: "application/pdf" }),
    );
    await submit("document", leadAction, multipart("admin", `/admin/leads/${lead.id}`, documentForm), {
      id: lead.id,
    });
    const [document] = await database.db
      .select()
      .from(leadDocuments)
      .where(eq(leadDocuments.leadId, lead.id));
    expect(document!.documentName).toBe(documentName);
    expect((await timeline("document_uploaded")).map((a) => a.description)).toEqual([
      `Uploaded ${documentName}`,
    ]);

    const notes = longText(feedbackMax.notes, "Feedback");
    await submit(
      "feedback",
      clientLeadAction,
      post("client", `/client/leads/${lead.id}`, {
        feedbackStatus: "interested",
        notes,
        notInterestedReason: "",
        dealPurchasePrice: "",
        dealProfit: "",
      }),
      { id: lead.id },
    );
    expect((await storedLead(edited.firstName)).clientNotes).toBe(notes);
    expect((await timeline("client_feedback_submitted"))[0]!.metadata).toMatchObject({ notes });

    // ------------------------------------------------------------ returns and their decision
    const returnNote = longText(RETURN_NOTE_MAX, "Return note");
    await submit(
      "return",
      clientLeadAction,
      post("client", `/client/leads/${lead.id}`, { intent: "return", reason: "other", note: returnNote }),
      { id: lead.id },
    );
    const [requested] = await database.db.select().from(leadReturns).where(eq(leadReturns.leadId, lead.id));
    expect(requested!.note).toBe(returnNote);
    expect((await timeline("return_requested")).map((a) => a.description)).toEqual([
      `Return requested: Other. ${returnNote}`,
    ]);

    const decisionNote = longText(RETURN_NOTE_MAX, "Decision note");
    await submit(
      "decision",
      returnsAction,
      post("admin", "/admin/returns?state=requested", {
        returnId: requested!.id,
        decision: "approve",
        decisionNote,
      }),
    );
    const [decided] = await database.db.select().from(leadReturns).where(eq(leadReturns.id, requested!.id));
    expect(decided).toMatchObject({ state: "approved", decisionNote });
    expect((await timeline("return_approved")).map((a) => a.description)).toEqual([
      `Return approved: a replacement lead is owed. ${decisionNote}`,
    ]);

    // ------------------------------------------------------------ the public API
    const keyName = longText(API_KEY_NAME_MAX, "Vendor key");
    const keyAnswer = (await submit(
      "api key",
      apiKeysAction,
      post("admin", "/admin/api-keys", { intent: "create", name: keyName, scopes: "leads:write" }),
    )) as { created: { secret: string } };
    const [key] = await database.db.select().from(apiKeys).where(eq(apiKeys.name, keyName));
    expect(key).toBeDefined();
    const api = async (label: string, body: unknown) => {
      const response = (await callRoute(
        intakeAction,
        new Request(`${ORIGIN}/api/v1/leads`, {
          method: "POST",
          headers: {
            Authorization: `Bearer ${keyAnswer.created.secret}`,
            "Content-Type": "application/json",
          },
          body: JSON.stringify(body),
        }),
      )) as Response;
      expect(response.status, `${label}: ${await response.clone().text()}`).toBe(201);
    };
    const single = leadFields("Api", 3);
    await api("api lead", { ...single, allowDuplicate: true });
    await expectLead(single);
    const batch = [leadFields("BatchA", 4), leadFields("BatchB", 5)];
    await api("api batch", { leads: batch, allowDuplicate: true });
    for (const item of batch) await expectLead(item);

    // ------------------------------------------------------------ a CSV import
    const imported = leadFields("Csv", 6);
    const columns = [
      "firstName",
      "lastName",
      "phone",
      "email",
      "address",
      "city",
      "state",
      "zipCode",
      "situationNotes",
    ] as const;
    const csvCell = (value: string) => `"${value.replaceAll('"', '""')}"`;
    const csv = [columns.join(","), columns.map((c) => csvCell(imported[c])).join(",")].join("\n");
    const file = new FormData();
    file.set("file", new File([csv], "longest.csv", { type: "text/csv" }));
    const uploaded = (await submit(
      "import upload",
      uploadAction,
      multipart("admin", "/admin/leads/import", file),
    )) as Response;
    const importId = uploaded.headers.get("Location")!.split("/").at(-1)!;
    const settings = Object.fromEntries(columns.map((c, i) => [`mapping[${i}]`, c]));
    await submit(
      "import start",
      importAction,
      post("admin", `/admin/leads/import/${importId}`, {
        intent: "start",
        ...settings,
        propertyType: "single_family",
        motivationLevel: "hot",
        leadSource: "referral",
        assignToClientId: "",
        duplicates: "import",
      }),
      { id: importId },
    );
    const job = (await claimJob(database.db, "text-limits"))!;
    await runJob(database.db, job, "text-limits");
    await expectLead(imported);
  });
});
