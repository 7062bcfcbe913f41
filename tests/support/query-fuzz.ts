/**
 * Generated query strings for every page, as a careless hand or a hostile script writes them: dates from
 * year 0 to beyond 9999 in every shape, NUL and half surrogate pairs (raw and percent-encoded), huge and
 * impossible numbers, cursors crafted to look like ours, long text, repeated and bracketed names. Seeded,
 * so a failure names a request that can be sent again.
 */
import type { FuzzRequest } from "./fuzz";
import type { randomSource } from "./random";

type Random = ReturnType<typeof randomSource>;

/** The names most pages read: a query that sets every one of them reaches every page's parsing. */
const READ_NAMES = [
  "q",
  "from",
  "to",
  "after",
  "before",
  "cursor",
  "updatedSince",
  "client",
  "status",
  "size",
];

/** Every name a page or the API reads from its query, and some it does not. */
const NAMES = [
  ...READ_NAMES,
  "limit",
  "motivation",
  "source",
  "feedback",
  "createdBy",
  "import",
  "arrival",
  "selection",
  "sort",
  "page",
  "state",
  "reason",
  "section",
  "role",
  "tab",
  "view",
  "dataset",
  "phone",
  "address",
  "zipCode",
  "token",
  "redirectTo",
  "invite",
  "claim",
  "except",
  "template",
  "edit",
  "delete",
  "done",
  "_routes",
  "index",
  "x",
];

const pad = (n: number, width: number) => String(Math.abs(n)).padStart(width, "0");

/** A year from all of 0..99999, weighted to the edges where parsers disagree. */
function year(random: Random): number {
  return random.chance(0.5)
    ? random.pick([0, 1, 99, 999, 1000, 1899, 1900, 1969, 1970, 2026, 2199, 2200, 9998, 9999, 10000, 99999])
    : random.int(10_000);
}

/** A date or moment in one of many spellings, real or impossible. */
function date(random: Random): string {
  const y = year(random);
  const m = random.chance(0.8) ? 1 + random.int(12) : random.pick([0, 13, 99]);
  const d = random.chance(0.8) ? 1 + random.int(28) : random.pick([0, 29, 30, 31, 32, 99]);
  const day = `${y > 9999 ? `+${pad(y, 6)}` : pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;
  switch (random.int(10)) {
    case 0:
      return `${day}T${pad(random.int(30), 2)}:${pad(random.int(70), 2)}:00Z`;
    case 1:
      return `${day} 23:59:59.999999+${pad(random.int(20), 2)}`;
    case 2:
      return random.pick(["March 7", "yesterday", "now", "epoch", "infinity", "-infinity", "2026-W05"]);
    case 3:
      return String(random.pick([0, -1, 253402300800000, 8.64e15, 8.64e15 + 1]));
    case 4:
      return `${pad(d, 2)}/${pad(m, 2)}/${pad(y, 4)}`;
    default:
      return day;
  }
}

/** A cursor shaped like ours (base64url of [position, ...keys]) holding keys of every wrong kind. */
function cursor(random: Random): string {
  const key = () =>
    random.pick([
      date(random),
      "9999-12-31 23:59:59.999999+00",
      "0000-01-01 00:00:00+00",
      "March 7",
      "00000000-0000-4000-8000-000000000000",
      "not-a-uuid",
      "\u0000",
      "\udc00",
      "a\ud800",
      "x".repeat(random.int(300)),
      "",
      "'; select pg_sleep(5); --",
    ]);
  const position = random.pick([1, 0, -1, 1e21, 2 ** 53, 1.5, "1", null]);
  const keys = Array.from({ length: random.int(4) }, key);
  const json = random.chance(0.9) ? JSON.stringify([position, ...keys]) : random.pick(["{}", "[", "null"]);
  return Buffer.from(json, "utf8").toString("base64url");
}

/** A range `from`..`to` ending near the edge of a year at the edges, both days real: loops over days end. */
function range(random: Random): string {
  const y = random.chance(0.5) ? 9999 : random.pick([0, 1, 1899, 1900, 2199, 2200]);
  const end = Date.UTC(0, 11, 31 - random.int(random.chance(0.5) ? 7 : 365));
  const endAt = new Date(end);
  endAt.setUTCFullYear(y);
  const from = new Date(endAt.getTime() - random.int(800) * 86_400_000);
  const text = (d: Date) =>
    d
      .toISOString()
      .slice(0, 10)
      .replace(/^\+0*(\d{4,})/, "$1");
  return `from=${text(from)}&to=${text(endAt)}`;
}

/** The kinds of value a query parameter gets, each percent-encoded for the query. */
const VALUE_KINDS: ((random: Random) => string)[] = [
  (random) => encodeURIComponent(date(random)),
  cursor,
  // NUL, half surrogate pairs, overlong and broken UTF-8, raw percent signs.
  (random) =>
    random.pick([
      "%00",
      "a%00b",
      "%00%ED%B0%80",
      "%ED%B0%80",
      "%ED%A0%80x",
      "%C0%AE",
      "%FF%FE",
      "%",
      "%E0%A4",
    ]),
  (random) => random.pick(["1e309", "99999999999999999999999", "-1", "0", "NaN", "Infinity", "0x10", "1.5"]),
  (random) => "x".repeat(random.pick([101, 1000, 1500])),
  (random) =>
    encodeURIComponent(random.pick(["<script>", "' OR 1=1 --", "..", "//evil.test", "%25", "🙂", "a b"])),
  (random) => random.pick(["00000000-0000-4000-8000-000000000000", "unassigned", "admin", "hot", "newest"]),
  (random) =>
    encodeURIComponent(
      String.fromCharCode(...Array.from({ length: random.int(8) }, () => random.int(0x3000))),
    ),
];
/** The kinds of query sent to each route as each role: every value kind, then the range twice. */
export const QUERY_KINDS = [...VALUE_KINDS.keys(), VALUE_KINDS.length, VALUE_KINDS.length];

/**
 * A query string. `kind` below QUERY_KINDS sets every commonly read name to a value of that kind (the
 * last kind: a date range near a year's edge), plus random others; any other `kind` is 1 to 5 random
 * names and values (names repeated or bracketed at times).
 */
export function queryString(random: Random, kind = -1): string {
  const pair = () => {
    const name = random.pick(NAMES);
    return `${random.chance(0.05) ? `${name}[]` : name}=${random.pick(VALUE_KINDS)(random)}`;
  };
  const extra = Array.from({ length: random.int(3) }, pair);
  if (kind === VALUE_KINDS.length) return [range(random), ...extra].join("&");
  if (kind >= 0 && kind < VALUE_KINDS.length) {
    const values = READ_NAMES.map((name) => `${name}=${VALUE_KINDS[kind]!(random)}`);
    return [...values, ...extra].join("&");
  }
  return Array.from({ length: 1 + random.int(5) }, pair).join("&");
}

/** A GET of `path` with a generated query, as `headers` (a role's cookie or key) would send it. */
export function queryRequest(
  random: Random,
  host: string,
  path: string,
  headers: [string, string][],
  kind = -1,
): FuzzRequest {
  const base = path.split("?")[0]!;
  const data =
    random.chance(0.2) && !base.startsWith("/api/") ? `${base === "/" ? "/_root" : base}.data` : base;
  return {
    method: "GET",
    path: `${data}?${queryString(random, kind)}`,
    headers: [["Host", host], ["Connection", "close"], ...headers],
    chunked: false,
  };
}
