/**
 * How a lead reads on screen and in e-mails (spec 02 §9): phone numbers, amounts, dates and people's
 * names. Presentation only; the enumerations' labels are in ~/db/enums, the forms in leads.schema.ts.
 */

/** US numbers read as (205) 555-0139; others as stored. The tel: link always uses the stored form. */
export function formatPhone(phone: string): string {
  const us = /^(?:\+?1)?(\d{3})(\d{3})(\d{4})$/.exec(phone);
  return us ? `(${us[1]}) ${us[2]}-${us[3]}` : phone;
}

/** US dollars without decimals; "N/A" when empty or zero. */
export function formatMoney(value: number | null | undefined): string {
  if (!value) return "N/A";
  return moneyFormat.format(value);
}

// One formatter each, made once: `toLocaleString` with options builds a new one per call (~80 µs, which a
// list of 100 rows pays 100 times per page).
const moneyFormat = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 0,
});
const centsFormat = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
});

/** A price per lead with its cents: $45.50 (whole dollars show no cents). */
export function formatPrice(value: number): string {
  return (Number.isInteger(value) ? moneyFormat : centsFormat).format(value);
}

const listDateFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

const monthFormat = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

/** A calendar month (any day of it, read in UTC): "November 2026". */
export function formatMonth(value: Date | string): string {
  return monthFormat.format(typeof value === "string" ? new Date(`${value.slice(0, 10)}T00:00:00Z`) : value);
}

/** Lists: short month ("Nov 21, 2026"). Always UTC on the server; see LocalTime for times of day. */
export function formatListDate(value: Date | string): string {
  return listDateFormat.format(new Date(value));
}

/**
 * How long ago `value` was, from `now` (both in the page's data, so server and browser agree): "5 min",
 * "3 h", "12 d", "4 mo". With `unit` "day", whole days: "today", "1 day", "9 days".
 */
export function formatAge(value: Date | string, now: number, unit?: "day"): string {
  const minutes = Math.max(0, Math.floor((now - new Date(value).getTime()) / 60_000));
  if (unit === "day") {
    const days = Math.floor(minutes / 1440);
    return days === 0 ? "today" : `${days} ${days === 1 ? "day" : "days"}`;
  }
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 1440) return `${Math.floor(minutes / 60)} h`;
  if (minutes < 1440 * 60) return `${Math.floor(minutes / 1440)} d`;
  return `${Math.floor(minutes / (1440 * 30))} mo`;
}

/** formatAge as a list's cell reads it: "5 min ago", "3 d ago"; "just now" under a minute. */
export function formatAgo(value: Date | string, now: number): string {
  const age = formatAge(value, now);
  return age === "0 min" ? "just now" : `${age} ago`;
}

/** A lead's address on one line, as the compact lists show it: "12 Oak St, Houston, TX". */
export const oneLineAddress = (lead: { address: string; city: string; state: string }) =>
  `${lead.address}, ${lead.city}, ${lead.state}`;

export interface PersonName {
  companyName?: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}

/**
 * The client cell (spec 02 §2): company name, else first and last name, else "Unassigned". A client
 * without any name on file shows their e-mail rather than a misleading "Unassigned".
 */
export function clientDisplayName(client: PersonName | null): string {
  if (!client) return "Unassigned";
  if (client.companyName) return client.companyName;
  return personName(client) || "Unassigned";
}

/** People as the options of a select (listClients, listAdmins): their id, shown by the name they carry. */
export const clientOptions = (people: readonly { id: string; name: string }[]) =>
  people.map((p) => ({ value: p.id, label: p.name }));

/** First and last name, else the e-mail: how the timeline names who did something. */
export function personName(person: PersonName | null): string {
  if (!person) return "";
  return [person.firstName, person.lastName].filter(Boolean).join(" ") || person.email || "";
}

/** A count as people read it: 12,500. */
export const formatCount = (n: number) => n.toLocaleString("en-US");

/** A file size: "340 KB", "12.4 MB". */
export const formatBytes = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
