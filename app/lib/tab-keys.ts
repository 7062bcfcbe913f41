/**
 * The keys of the tabs pattern (WAI-ARIA): arrows move to the next or previous tab, wrapping round; Home
 * and End go to the first and last. The index of the tab a key moves to, or undefined for any other key.
 * Shared by the React tabs and the page script's (lib/enhance/tabs.ts).
 */
export function tabIndexForKey(key: string, index: number, count: number): number | undefined {
  switch (key) {
    case "ArrowRight":
      return (index + 1) % count;
    case "ArrowLeft":
      return (index - 1 + count) % count;
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return undefined;
  }
}
