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
