import { useEffect, useRef, useState } from "react";
import { announce } from "~/lib/announce";
import type { Duplicate } from "./possible-duplicates";
import { duplicateProbeSchema } from "../leads.schema";

/** How long typing pauses before the check asks: one request per pause, not one per key. */
const PAUSE_MS = 400;

/** The fields a duplicate is found by (findPossibleDuplicates): a change in any of them checks again. */
const probeFields = ["phone", "address", "zipCode"] as const;

/** "Jane Doe has this phone or address", read to screen-reader users when the check finds something. */
function sayFound(duplicates: readonly Duplicate[]): string {
  const names = duplicates.map((d) => `${d.firstName} ${d.lastName}`).join(", ");
  return duplicates.length === 1
    ? `Possible duplicate: ${names} has this phone or address`
    : `Possible duplicates: ${names} have this phone or address`;
}

/**
 * The lead form's duplicate check while typing (issue 25): once the phone, or the address and ZIP code,
 * are complete enough to look for, and typing pauses, asks /admin/leads/duplicates with what the form
 * holds (`except` the lead being edited). Returns the last answer with the form's last server reply
 * when it came (`since`: newer than that reply when they are the same), null before any; a probe that
 * is no longer complete empties it. What it finds is announced politely through the page's live region.
 * A failed request shows nothing: the submit checks again on the server.
 */
export function useDuplicateCheck(
  formId: string,
  since: unknown,
  except?: string,
): { duplicates: Duplicate[]; since: unknown } | null {
  const [found, setFound] = useState<{ duplicates: Duplicate[]; since: unknown } | null>(null);
  const lastAsked = useRef("");
  const reply = useRef(since);
  useEffect(() => {
    reply.current = since;
  }, [since]);
  useEffect(() => {
    const form = document.getElementById(formId) as HTMLFormElement | null;
    if (!form) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let request: AbortController | undefined;
    const check = async () => {
      const value = (name: string) => String(new FormData(form).get(name) ?? "");
      const probe = { phone: value("phone"), address: value("address"), zipCode: value("zipCode") };
      const parsed = duplicateProbeSchema.safeParse({ ...probe, except: except ?? "" });
      if (!parsed.success) {
        lastAsked.current = "";
        setFound({ duplicates: [], since: reply.current });
        return;
      }
      const search = new URLSearchParams({ ...probe, ...(except ? { except } : {}) }).toString();
      if (search === lastAsked.current) return;
      lastAsked.current = search;
      request?.abort();
      request = new AbortController();
      try {
        const response = await fetch(`/admin/leads/duplicates?${search}`, { signal: request.signal });
        if (!response.ok) return;
        const { duplicates } = (await response.json()) as { duplicates: Duplicate[] };
        setFound({ duplicates, since: reply.current });
        if (duplicates.length > 0) announce(sayFound(duplicates));
      } catch {
        // Aborted by newer typing, or the network: nothing to show; the submit checks on the server.
      }
    };
    const onInput = (event: Event) => {
      const name = (event.target as HTMLInputElement | null)?.name ?? "";
      if (!(probeFields as readonly string[]).includes(name)) return;
      clearTimeout(timer);
      timer = setTimeout(() => void check(), PAUSE_MS);
    };
    form.addEventListener("input", onInput);
    return () => {
      form.removeEventListener("input", onInput);
      clearTimeout(timer);
      request?.abort();
    };
  }, [formId, except]);
  return found;
}
