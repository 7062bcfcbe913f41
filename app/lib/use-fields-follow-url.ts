import { useEffect, type RefObject } from "react";

/**
 * Filter forms (method GET) keep their fields uncontrolled so typing stays cheap; when the URL's values
 * change another way (Clear Filters, a removed chip, the Back button) this writes them back into the
 * fields, so the next submit does not resend stale ones. A list of values ticks the checkboxes of that
 * name whose value it holds.
 */
export function useFieldsFollowUrl(
  formRef: RefObject<HTMLFormElement | null>,
  values: Record<string, string | readonly string[]>,
) {
  const key = JSON.stringify(values);
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    for (const [name, value] of Object.entries(JSON.parse(key) as Record<string, string | string[]>)) {
      for (const field of form.querySelectorAll<HTMLInputElement | HTMLSelectElement>(
        `input[name="${CSS.escape(name)}"], select[name="${CSS.escape(name)}"]`,
      )) {
        if (Array.isArray(value)) {
          if (field instanceof HTMLInputElement) field.checked = value.includes(field.value);
        } else if (typeof value === "string") {
          field.value = value;
        }
      }
    }
  }, [formRef, key]);
}
