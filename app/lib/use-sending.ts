import { useNavigation } from "react-router";

/**
 * Whether the form posting these fields (its intent, the row's id...) is on its way, so its button can say
 * so and refuse a second click. A missing field matches undefined. `until`: "answered" ends with the
 * action's answer; "reloaded" also covers the page's data reloading after it (the button's label then
 * changes once, when the page shows the result).
 */
export function useSending(
  fields: Record<string, string | undefined>,
  until: "answered" | "reloaded" = "answered",
): boolean {
  const { state, formData } = useNavigation();
  const busy = until === "answered" ? state === "submitting" : state !== "idle";
  return (
    busy &&
    !!formData &&
    Object.entries(fields).every(([name, value]) => (formData.get(name) ?? undefined) === value)
  );
}
