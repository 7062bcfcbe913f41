/**
 * When and how a field with a length limit counts its characters: from 90% of the limit the count shows
 * ("1,950 / 2,000"), and screen readers hear what is left or how far past the limit the value is. Pure,
 * so the React field (components/ui/character-count) and the page scripts of pages without React
 * (lib/enhance/form) count alike.
 */

/** The count appears once the value reaches this share of its limit. */
const SHOW_FROM = 0.9;

/** Screen readers hear the count once typing pauses this long, not on every key. */
export const COUNT_SPOKEN_AFTER_MS = 1000;

export const formattedCount = (n: number) => n.toLocaleString("en-US");
const characters = (n: number) => `${formattedCount(n)} ${n === 1 ? "character" : "characters"}`;

/** Whether the count of a value of `length` is shown. */
export function countShown(length: number, max: number): boolean {
  return length >= Math.ceil(max * SHOW_FROM);
}

/** What a screen reader hears near the limit: the characters left, or how far past the limit the value is. */
export function countStatus(length: number, max: number): string {
  if (!countShown(length, max)) return "";
  return length <= max
    ? `${characters(max - length)} left of ${formattedCount(max)}`
    : `${characters(length - max)} over the limit of ${formattedCount(max)}`;
}
