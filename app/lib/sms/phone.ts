/**
 * Mobile numbers for text messages (ADR 045), in E.164: "+", a country code and the number, 8 to 15 digits
 * in all, as SMS providers take them. People type numbers their own way, so spaces, dots, dashes and
 * brackets are dropped, and a US number without its country code (ten digits, or eleven starting with 1)
 * gets +1: the agency serves the United States. Pure: the /account form checks it in the browser too.
 */

/** An E.164 number as stored and sent: "+13125550123". */
export const E164 = /^\+[1-9]\d{7,14}$/;

/** The number in E.164, or null when it cannot be one. */
export function toE164(input: string): string | null {
  const compact = input.trim().replace(/[\s().-]/g, "");
  if (!/^\+?\d+$/.test(compact)) return null;
  const number = compact.startsWith("+")
    ? compact
    : compact.length === 10
      ? `+1${compact}`
      : compact.length === 11 && compact.startsWith("1")
        ? `+${compact}`
        : null;
  return number && E164.test(number) ? number : null;
}

/** "+1 312 555 0123" for a US number, the E.164 form otherwise: how the page shows a saved number. */
export function formatE164(number: string): string {
  const us = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(number);
  return us ? `+1 ${us[1]} ${us[2]} ${us[3]}` : number;
}

/** The countries texts may go to (SMS_COUNTRIES), each with its calling code and its name in messages. */
export const smsCountries = {
  US: { code: "1", name: "the United States" },
  CA: { code: "1", name: "Canada" },
  GB: { code: "44", name: "the United Kingdom" },
  IE: { code: "353", name: "Ireland" },
  MX: { code: "52", name: "Mexico" },
  AU: { code: "61", name: "Australia" },
  NZ: { code: "64", name: "New Zealand" },
} as const;
export type SmsCountry = keyof typeof smsCountries;
export const isSmsCountry = (value: string): value is SmsCountry => Object.hasOwn(smsCountries, value);

/** Canada's area codes in the North American plan (+1); the others of +1 below are not the US either. */
const CANADA = new Set(
  "204 226 236 249 250 257 263 289 306 343 354 365 367 368 382 387 403 416 418 428 431 437 438 450 460 468 474 506 514 519 548 579 581 584 587 604 613 639 647 672 683 705 709 742 753 778 780 782 807 819 825 867 873 879 902 905 942".split(
    " ",
  ),
);
/** +1 area codes of the Caribbean and Bermuda: other countries, billed as international texts. */
const NANP_ABROAD = new Set(
  "242 246 264 268 284 345 441 473 649 658 664 721 758 767 784 809 829 849 868 869 876".split(" "),
);
/**
 * +1 codes that are no place's phones: toll-free (8xx), premium (900, 976), personal and machine ranges
 * (5xx), Canada's non-geographic (600, 622), government (710), and the N11 and test codes.
 */
const NANP_NOT_GEOGRAPHIC =
  /^(?:8(?:00|33|44|55|66|77|88)|88[0-9]|900|976|5(?:00|2\d|33|44|66|77|88)|6(?:00|22)|7(?:00|10)|456|95[089]|[2-9]11)$/;
/**
 * Calling codes with no country behind them (international toll-free, shared cost, satellite and
 * network numbers, premium): +800, +808, +870, +878, +881, +882, +883, +888, +979, +991. And the premium
 * and personal ranges of the countries above (the UK's 09 and 070, Australia's 19, Ireland's 15).
 */
const ELSEWHERE_NOT_PERSONAL = /^\+(?:800|808|870|878|88[1238]|979|991|44(?:9|70|87)|6119|35315)/;

/** Why `number` (E.164) gets no texts here, or null when it may. `allowed`: the SMS_COUNTRIES setting. */
export function smsNumberProblem(number: string, allowed: readonly SmsCountry[]): string | null {
  const names = [...new Set(allowed.map((c) => smsCountries[c].name))];
  const where = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names[0];
  const notHere = `We text mobile numbers in ${where} only`;
  const premium = "That is a toll-free, premium or non-geographic number: enter a mobile number";
  if (!E164.test(number)) return notHere;
  if (number.startsWith("+1")) {
    if (!/^\+1[2-9]\d{2}[2-9]\d{6}$/.test(number)) return notHere;
    const area = number.slice(2, 5);
    if (NANP_NOT_GEOGRAPHIC.test(area)) return premium;
    const country: SmsCountry | null = CANADA.has(area) ? "CA" : NANP_ABROAD.has(area) ? null : "US";
    return country && allowed.includes(country) ? null : notHere;
  }
  if (ELSEWHERE_NOT_PERSONAL.test(number)) return premium;
  const country = allowed.find(
    (c) => smsCountries[c].code !== "1" && number.startsWith(`+${smsCountries[c].code}`),
  );
  return country ? null : notHere;
}
