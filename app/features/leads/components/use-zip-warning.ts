import { useEffect, useState } from "react";
import { announce } from "~/lib/announce";
import { zipInState } from "~/lib/zip-prefixes";

/** What the lead form says when a typed ZIP code lies outside the typed state: a warning, not a refusal. */
export const zipWarning = (zip: string, state: string) =>
  `ZIP ${zip} is not in ${state}: check the ZIP code and the state`;

/**
 * The lead form's ZIP check while typing (the import's rule for short ZIPs, applied to typed ones):
 * once the state is two letters and the ZIP five digits (or ZIP+4), whether the ZIP's first three digits
 * belong to that state in the ZIP table we ship. A ZIP the table places elsewhere is worth a second look,
 * not a refusal: the table is by prefix, and a few prefixes cross a state line.
 */
export function useZipWarning(formId: string): string | null {
  const [warning, setWarning] = useState<string | null>(null);
  useEffect(() => {
    const form = document.getElementById(formId) as HTMLFormElement | null;
    if (!form) return;
    const read = () => {
      const value = (name: string) => String(new FormData(form).get(name) ?? "").trim();
      const state = value("state").toUpperCase();
      const zip = value("zipCode");
      const complete = /^[A-Z]{2}$/.test(state) && /^\d{5}(-\d{4})?$/.test(zip);
      setWarning(complete && !zipInState(zip, state) ? zipWarning(zip.slice(0, 5), state) : null);
    };
    read();
    form.addEventListener("input", read);
    return () => form.removeEventListener("input", read);
  }, [formId]);
  // Said politely once when it appears: the hint under the field is only read on focus.
  useEffect(() => {
    if (warning) announce(warning);
  }, [warning]);
  return warning;
}
