/**
 * Issue 25's leftovers on both databases, called as React Router calls them with real sessions: the lead
 * form's duplicate check while typing (/admin/leads/duplicates: admins only, junk refused with 400, the
 * same finder as the submit) and the selection bar's Export (a POST to /admin/leads/export.csv: exactly
 * the ticked leads, or every lead matching the filters, capped).
 */
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { createLead } from "~/features/leads/lead-commands.server";
import { EXPORT_SELECTION_MAX } from "~/features/leads/lead-list.schema";
import { leadSchema } from "~/features/leads/leads.schema";
import { permissionsOf } from "~/lib/permissions";
import { loader as duplicatesLoader } from "~/routes/admin/leads/duplicates";
import { action as exportAction } from "~/routes/admin/leads/export";
import { testDatabases } from "../support/databases";
import { signedInAccounts, stubAuthEnv, useTestDatabase } from "../support/integration-fixtures";
import { callRoute, formRequest, getRequest, statusOf } from "../support/route-calls";

stubAuthEnv();

const PASSWORD = "Harbor-Light-42";
type Who = "anonymous" | "client" | "admin";

const seller = (n: number) =>
  leadSchema.parse({
    firstName: `Seller${n}`,
    lastName: "Probe",
    phone: `+1303555${String(n).padStart(4, "0")}`,
    email: "",
    address: `${n} Main Street`,
    city: "Denver",
    state: "CO",
    zipCode: "80202",
    propertyType: "single_family",
    motivationLevel: "warm",
    leadSource: "cold_call",
    situationNotes: "",
    askingPrice: "",
    estimatedValue: "",
    estimatedRepairCost: "",
    assignedToClientId: "",
  });

describe.each(testDatabases)("the lead form's checks and the selection export on $name", (testDb) => {
  const database = useTestDatabase(testDb);
  const { ids, cookies } = signedInAccounts(
    database,
    { client: { role: "client", companyName: "Alpha Homes" }, admin: { role: "admin" } },
    PASSWORD,
  );
  const cookie = (who: Who) => (who === "anonymous" ? {} : { cookie: cookies[who] });
  const leadIds: string[] = [];
  const createSellers = async () => {
    if (leadIds.length > 0) return;
    const admin = { id: ids.admin, permissions: permissionsOf(["admin"]) };
    for (let n = 1; n <= 5; n++) leadIds.push((await createLead(admin, seller(n))).id);
  };

  describe("the duplicate check while typing", () => {
    const check = async (who: Who, search: string) => {
      const result = await callRoute(
        duplicatesLoader,
        getRequest(`/admin/leads/duplicates?${search}`, cookie(who)),
      );
      return result as Response;
    };
    const found = async (search: string) => {
      const response = await check("admin", search);
      expect(response.status).toBe(200);
      const body = (await response.json()) as { duplicates: { id: string; samePhone: boolean }[] };
      return body.duplicates;
    };

    it("finds a lead by the phone as typed, or by the address and ZIP code, for an admin", async () => {
      await createSellers();
      expect(await found("phone=(303) 555-0002")).toEqual([
        expect.objectContaining({ id: leadIds[1], samePhone: true }),
      ]);
      expect(await found("phone=303555&address=3+main+st&zipCode=80202")).toEqual([
        expect.objectContaining({ id: leadIds[2], samePhone: false }),
      ]);
      // The lead being edited is not its own duplicate; an unknown phone finds nothing.
      expect(await found(`phone=%2B13035550002&except=${leadIds[1]}`)).toEqual([]);
      expect(await found("phone=%2B13035559876")).toEqual([]);
    });

    it("answers 404 to clients and anonymous visitors", async () => {
      for (const who of ["anonymous", "client"] as const) {
        expect(statusOf(await check(who, "phone=%2B13035550002")), who).toBe(404);
      }
    });

    it.each([
      ["nothing to look for", ""],
      ["a phone that is no number, an address without its ZIP", "phone=abc&address=3+Main+Street"],
      ["a phone longer than any", `phone=${"1".repeat(41)}`],
      ["an except that is no id", "phone=%2B13035550002&except=1;drop"],
      ["a request longer than the form sends", `phone=%2B13035550002&x=${"a".repeat(1200)}`],
    ])("refuses %s with 400", async (_what, search) => {
      const response = await check("admin", search);
      expect(response.status).toBe(400);
    });
  });

  describe("the selection bar's Export", () => {
    const exportOf = async (who: Who, fields: [string, string][]) => {
      const request = formRequest("/admin/leads/export.csv", {}, cookie(who));
      const body = new URLSearchParams(fields);
      return (await callRoute(
        exportAction,
        new Request(request.url, { method: "POST", headers: request.headers, body }),
      )) as Response;
    };
    const rowsOf = async (response: Response) => {
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      return parse(await response.text(), { columns: true, bom: true }) as Record<string, string>[];
    };

    it("downloads exactly the ticked leads, in the list's order", async () => {
      await createSellers();
      const ticked = [leadIds[0]!, leadIds[3]!, leadIds[4]!];
      const rows = await rowsOf(
        await exportOf("admin", [
          ["scope", "ticked"],
          ...ticked.map((id) => ["id", id] as [string, string]),
          ["filters", "?sort=oldest"],
        ]),
      );
      expect(rows.map((r) => r.lead_id)).toEqual(ticked);
      expect(rows[1]).toMatchObject({ first_name: "Seller4", address: "4 Main Street" });
    });

    it("downloads every lead matching the filters for the all-matching choice", async () => {
      await createSellers();
      const rows = await rowsOf(
        await exportOf("admin", [
          ["scope", "matching"],
          ["filters", "?q=Seller2"],
        ]),
      );
      expect(rows.map((r) => r.lead_id)).toEqual([leadIds[1]]);
    });

    it("answers 404 to clients and anonymous visitors", async () => {
      for (const who of ["anonymous", "client"] as const) {
        let status: number | undefined;
        try {
          status = statusOf(await exportOf(who, [["id", leadIds[0] ?? ""]]));
        } catch (thrown) {
          status = statusOf(thrown);
        }
        expect(status, who).toBe(404);
      }
    });

    it("refuses no ids, ids that are not ids, and more than the cap with 400", async () => {
      const tooMany = Array.from(
        { length: EXPORT_SELECTION_MAX + 1 },
        (_, i) => ["id", `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`] as [string, string],
      );
      for (const fields of [[["scope", "ticked"]], [["id", "x' or 1=1"]], tooMany] as [string, string][][]) {
        expect((await exportOf("admin", fields)).status).toBe(400);
      }
    });
  });
});
