import { useEffect, type RefObject } from "react";

/**
 * Filter forms (method GET) keep their fields uncontrolled so typing stays cheap; when the URL's values
 * change another way (Clear Filters, the Back button) this writes them back into the fields, so the next
 * submit does not resend stale ones.
 */
export function useFieldsFollowUrl(
  formRef: RefObject<HTMLFormElement | null>,
  values: Record<string, string>,
) {
  const key = JSON.stringify(values);
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    for (const [name, value] of Object.entries(JSON.parse(key) as Record<string, string>)) {
      const field = form.elements.namedItem(name);
      if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) field.value = value;
    }
  }, [formRef, key]);
}
