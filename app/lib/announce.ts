/**
 * The page's one live region (issue 25, WCAG 4.1.3): rendered by the root on every page from the start,
 * so a screen reader is listening before the first message (a region added with its message is often not
 * read). Toasts and page changes are announced through it.
 */
export const ANNOUNCER_ID = "announcer";

/** Reads `text` to screen-reader users, politely; the same text twice is read twice. */
export function announce(text: string): void {
  const region = typeof document === "undefined" ? null : document.getElementById(ANNOUNCER_ID);
  if (!region) return;
  region.textContent = "";
  // A change in a later frame: clearing and setting in one task can be coalesced into no change at all.
  requestAnimationFrame(() => {
    region.textContent = text;
    // Emptied once read, so a reader browsing the page later does not come upon a stale message.
    setTimeout(() => {
      if (region.textContent === text) region.textContent = "";
    }, CLEAR_AFTER_MS);
  });
}

const CLEAR_AFTER_MS = 7000;
