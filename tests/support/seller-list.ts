/**
 * A realistic seller list as list providers and people write one (issue 24), seeded so every run makes
 * the same file: PropStream-, BatchLeads- or DealMachine-style headers; their vocabularies for lead
 * source, motivation, property type and status; a full name in one column ("LAST, FIRST" too); several
 * phone columns, the first often empty or "N/A", numbers in every format (spreadsheet decimals
 * included); owner and mailing addresses side by side; states spelled out or in any case; ZIP codes that
 * lost their leading zero; prices as "$185,000", "185k" or "TBD"; placeholders for empty fields. Some rows
 * repeat an earlier seller (another format of the same phone, or the same address written differently)
 * and some are broken, each with the reason the import must give. Used by the import's proof test
 * (tests/integration/import-realistic.test.ts) and the whole-file check's benchmark (bench/import-check.ts).
 */

import { randomSource } from "./random";

export type Layout = "propstream" | "batchleads" | "dealmachine";

export interface SellerListOptions {
  rows: number;
  duplicates: number;
  bad: number;
  layout?: Layout;
  seed?: number;
}

/** A broken row: its number in the file (header = 1) and a part of the reason the import must give. */
export interface BadRow {
  row: number;
  reason: string;
}

export interface SellerListFacts {
  rows: number;
  /** Rows a person would call valid and new: what must import. */
  valid: number;
  duplicateRows: number[];
  bad: BadRow[];
}

const FIRST = [
  "James",
  "Mary",
  "Robert",
  "Patricia",
  "John",
  "Jennifer",
  "Michael",
  "Linda",
  "David",
  "Elizabeth",
  "William",
  "Barbara",
  "Richard",
  "Susan",
  "Joseph",
  "Jessica",
  "Thomas",
  "Sarah",
  "Carlos",
  "María",
  "Nguyen",
  "Aisha",
  "DeShawn",
  "Li",
  "José",
  "O'Neil",
];
const LAST = [
  "Smith",
  "Johnson",
  "Williams",
  "Brown",
  "Jones",
  "Garcia",
  "Miller",
  "Davis",
  "Rodriguez",
  "Martinez",
  "Hernandez",
  "Lopez",
  "Gonzalez",
  "Wilson",
  "Anderson",
  "Thomas",
  "Taylor",
  "Moore",
  "Jackson",
  "Martin",
  "Lee",
  "Perez",
  "Thompson",
  "White",
  "Harris",
  "O'Brien",
  "St. James",
  "Van der Berg",
];
const STREETS = [
  ["Main", "Street", "St"],
  ["Oak", "Avenue", "Ave"],
  ["Maple", "Drive", "Dr"],
  ["Cedar", "Lane", "Ln"],
  ["Pine", "Road", "Rd"],
  ["Elm", "Court", "Ct"],
  ["Washington", "Boulevard", "Blvd"],
  ["Lakeview", "Terrace", "Ter"],
];
/** Markets: city, state code, the ways the state is written, ZIP prefix, area code. */
const MARKETS = [
  { city: "Houston", state: "TX", states: ["TX", "Texas", "tx", "TEXAS", "Tex."], zip: 770, area: 713 },
  { city: "Phoenix", state: "AZ", states: ["AZ", "Arizona", "az"], zip: 850, area: 602 },
  { city: "Boston", state: "MA", states: ["MA", "Massachusetts", "Mass", "ma"], zip: 21, area: 617 },
  { city: "Newark", state: "NJ", states: ["NJ", "New Jersey", "N.J."], zip: 71, area: 973 },
  { city: "Atlanta", state: "GA", states: ["GA", "Georgia", "ga"], zip: 303, area: 404 },
  { city: "Birmingham", state: "AL", states: ["AL", "Alabama"], zip: 352, area: 205 },
];
const SOURCES = [
  "Cold Calling",
  "Direct Mail",
  "PPC",
  "SEO",
  "SMS",
  "Driving for Dollars",
  "D4D",
  "Bandit Signs",
  "Referral",
  "Facebook Ads",
  "Website",
  "Yellow Letters",
  "Skip Tracing",
  "RVM",
  "Cold Call",
  "Text Message",
  "Google Ads",
  "Word of Mouth",
  "direct mail",
  "COLD CALLING",
  "",
];
const MOTIVATIONS = ["Hot", "Warm", "Cold", "High", "Medium", "Low", "Very Motivated", "hot", "", "N/A"];
const TYPES = [
  "SFR",
  "Single Family Residential",
  "Single Family",
  "Mobile Home",
  "Manufactured Home",
  "Duplex",
  "Triplex",
  "Multi-Family (2-4 Units)",
  "Condominium",
  "Condo",
  "Townhouse",
  "Townhome",
  "Vacant Land",
  "Residential Lot",
  "Commercial",
  "Mixed Use",
  "single_family",
  "",
];
const STATUSES = ["New", "New Lead", "Contacted", "Follow Up", "Appt Set", "Dead", "Qualified", ""];
const PRICES = (n: number) => [
  `$${(n * 1000).toLocaleString("en-US")}`,
  `${n}k`,
  `${n}K`,
  "TBD",
  "",
  `${n * 1000}`,
  "Negotiable",
  `$${n * 1000}.00`,
];

const HEADERS: Record<Layout, string[]> = {
  propstream: [
    "Owner 1 First Name",
    "Owner 1 Last Name",
    "Address",
    "Unit #",
    "City",
    "State",
    "Zip",
    "County",
    "Mailing Address",
    "Mailing City",
    "Mailing State",
    "Mailing Zip",
    "Property Type",
    "Est. Value",
    "Phone 1",
    "Phone 1 Type",
    "Phone 2",
    "Phone 3",
    "Email 1",
    "Lead Source",
    "Motivation",
    "Status",
    "Asking Price",
    "Notes",
  ],
  batchleads: [
    "Owner Name",
    "Mailing Address",
    "Mailing City",
    "Mailing State",
    "Mailing Zip",
    "Property Address",
    "Property City",
    "Property State",
    "Property Zip",
    "Phone1",
    "Phone2",
    "Wireless 1",
    "Email",
    "Prop Type",
    "Marketing Channel",
    "Lead Temperature",
    "Lead Status",
    "Asking",
    "AVM",
    "Comments",
  ],
  dealmachine: [
    "owner_1_name",
    "property_address_line_1",
    "property_address_city",
    "property_address_state",
    "property_address_zipcode",
    "owner_address_line_1",
    "owner_address_city",
    "phone_1",
    "phone_2",
    "phone_3",
    "email_address_1",
    "property_type",
    "lead_source",
    "motivation_level",
    "lead_status",
    "est_value",
    "asking_price",
    "notes",
  ],
};

const csvCell = (value: string) => (/[",\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

interface Seller {
  first: string;
  last: string;
  digits: string;
  number: number;
  street: string[];
  unit: string;
  market: (typeof MARKETS)[number];
  zip: string;
}

/** The phone's ten digits in one of the ways lists and people write them. */
function phoneFormats(d: string): string[] {
  const [a, b, c] = [d.slice(0, 3), d.slice(3, 6), d.slice(6)];
  return [
    `(${a}) ${b}-${c}`,
    `${a}-${b}-${c}`,
    `${a}.${b}.${c}`,
    d,
    `+1 ${a} ${b} ${c}`,
    `1-${a}-${b}-${c}`,
    `${d}.0`,
    `(${a}) ${b}-${c} ext. 12`,
    `+1${d}`,
  ];
}

/**
 * The list's lines (header first), a few thousand at a time, and its facts once written: which rows
 * must be rejected and why, which repeat an earlier seller.
 */
export function sellerList(options: SellerListOptions): {
  lines: () => Generator<string>;
  facts: SellerListFacts;
} {
  const layout = options.layout ?? "propstream";
  const facts: SellerListFacts = { rows: options.rows, valid: 0, duplicateRows: [], bad: [] };
  // Spread the duplicates and the bad rows through the file (never the first rows).
  const every = (n: number) => (n > 0 ? Math.floor((options.rows - 50) / n) : Infinity);
  const dupEvery = every(options.duplicates);
  const badEvery = every(options.bad);
  function* lines(): Generator<string> {
    const { next, pick } = randomSource(options.seed ?? 24);
    const sellers: Seller[] = [];
    yield HEADERS[layout].join(",");
    let dupLeft = options.duplicates;
    let badLeft = options.bad;
    for (let i = 0; i < options.rows; i++) {
      const row = i + 2;
      const market = MARKETS[i % MARKETS.length]!;
      let seller: Seller = {
        first: pick(FIRST),
        last: pick(LAST),
        digits: `${market.area}${2000000 + i}`,
        number: 100 + i,
        street: pick(STREETS),
        unit: next() < 0.1 ? String(1 + Math.floor(next() * 20)) : "",
        market,
        zip: String(market.zip * 100 + (i % 90) + 1).padStart(5, "0"),
      };
      let duplicate = false;
      if (dupLeft > 0 && i >= 50 && i % dupEvery === 25) {
        // The same seller again: a phone written another way, or the address with its suffix spelt out.
        seller = { ...sellers[Math.floor(next() * sellers.length)]! };
        dupLeft--;
        duplicate = true;
        facts.duplicateRows.push(row);
      }
      let broken: BadRow | null = null;
      if (!duplicate && badLeft > 0 && i >= 50 && i % badEvery === 10) {
        badLeft--;
        broken = { row, reason: "" };
      }
      // Only a seller whose row imports can be repeated as its duplicate.
      if (!broken) sellers.push(seller);
      const cells = sellerCells(layout, seller, row, next, pick, duplicate, broken);
      if (broken) facts.bad.push(broken);
      else if (!duplicate) facts.valid++;
      yield cells.map(csvCell).join(",");
    }
  }
  return { lines, facts };
}

/** The kinds of broken rows, each with the lead schema's message the import must give for it. */
const BREAKS = [
  { what: "phone", value: "call me", reason: "Invalid phone number format" },
  { what: "phone", value: "(000) 000-0000", reason: "Invalid phone number format" },
  { what: "zip", value: "ABCDE", reason: "Invalid ZIP code" },
  { what: "state", value: "Texass", reason: "State must be 2-letter code" },
  { what: "address", value: "", reason: "Address is required" },
  { what: "email", value: "seller@", reason: "Invalid email address" },
  { what: "price", value: "a lot", reason: "Enter an amount in dollars" },
  { what: "city", value: "", reason: "City is required" },
  { what: "name", value: "", reason: "First name is required" },
] as const;

function sellerCells(
  layout: Layout,
  s: Seller,
  row: number,
  next: () => number,
  pick: <T>(list: readonly T[]) => T,
  duplicate: boolean,
  broken: BadRow | null,
): string[] {
  const brk = broken ? BREAKS[(row * 7) % BREAKS.length]! : null;
  if (broken && brk) broken.reason = brk.reason;
  const value = <T extends string>(what: (typeof BREAKS)[number]["what"], normal: T): string =>
    brk?.what === what ? brk.value : normal;

  const phones = phoneFormats(s.digits);
  const phone = value("phone", duplicate ? phones[(row + 3) % phones.length]! : pick(phones));
  // The first phone column is often empty or a placeholder; the number is in the next one.
  const firstEmpty = next() < 0.35;
  const second = brk?.what === "phone" ? "" : next() < 0.3 ? pick(phones) : "";
  const phoneCols = firstEmpty ? [pick(["", "N/A", "-"]), phone, ""] : [phone, second, ""];
  const suffix = duplicate ? s.street[1]! : pick([s.street[1]!, s.street[2]!, `${s.street[2]!}.`]);
  const streetLine = `${s.number} ${s.street[0]} ${suffix}`;
  const address = value("address", next() < 0.15 ? streetLine.toUpperCase() : streetLine);
  const unitInline =
    s.unit && brk?.what !== "address" ? pick([` Apt ${s.unit}`, ` #${s.unit}`, `, Unit ${s.unit}`]) : "";
  const zip = value(
    "zip",
    // Spreadsheets drop the leading zero of New England and New Jersey ZIP codes.
    s.zip.startsWith("0") && next() < 0.6
      ? s.zip.replace(/^0+/, "")
      : next() < 0.1
        ? `${s.zip}-${1000 + (row % 9000)}`
        : s.zip,
  );
  const state = value("state", pick(s.market.states));
  const city = value("city", next() < 0.2 ? s.market.city.toUpperCase() : s.market.city);
  const email = value(
    "email",
    pick([
      `${s.first}.${s.last}@example.com`.toLowerCase().replace(/[^a-z.@]/g, ""),
      "",
      "no email",
      "N/A",
      "none",
    ]),
  );
  const first = value("name", s.first);
  const price = value("price", pick(PRICES(150 + (row % 200))));
  const full =
    brk?.what === "name"
      ? ""
      : pick([
          `${s.first} ${s.last}`,
          `${s.last.toUpperCase()}, ${s.first.toUpperCase()}`,
          `${s.last}, ${s.first}`,
        ]);
  const estValue = pick([`$${(200 + (row % 300)) * 1000}`, `${200 + (row % 300)}k`, "", "N/A"]);
  const notes = pick(["", 'Owner says "call after 5", inherited', "Tenant occupied, needs roof", "N/A", "-"]);
  const mailing = [`PO Box ${row}`, "Dallas", "TX", "75201"];
  switch (layout) {
    case "propstream":
      return [
        first,
        brk?.what === "name" ? "" : s.last,
        address,
        s.unit,
        city,
        state,
        zip,
        "Some County",
        ...mailing,
        pick(TYPES),
        estValue,
        phoneCols[0]!,
        "Mobile",
        phoneCols[1]!,
        phoneCols[2]!,
        email,
        pick(SOURCES),
        pick(MOTIVATIONS),
        pick(STATUSES),
        price,
        notes,
      ];
    case "batchleads":
      return [
        full,
        ...mailing,
        address + unitInline,
        city,
        state,
        zip,
        phoneCols[0]!,
        phoneCols[1]!,
        phoneCols[2]!,
        email,
        pick(TYPES),
        pick(SOURCES),
        pick(MOTIVATIONS),
        pick(STATUSES),
        price,
        estValue,
        notes,
      ];
    case "dealmachine":
      return [
        full,
        address + unitInline,
        city,
        state,
        zip,
        mailing[0]!,
        mailing[1]!,
        phoneCols[0]!,
        phoneCols[1]!,
        phoneCols[2]!,
        email,
        pick(TYPES),
        pick(SOURCES),
        pick(MOTIVATIONS),
        pick(STATUSES),
        estValue,
        price,
        notes,
      ];
  }
}
