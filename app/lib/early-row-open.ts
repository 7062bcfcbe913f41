/**
 * Rows that open before the app has taken over (issue 25 §7, ADR 053).
 *
 * A list page's modules and hydration can take a second and a half on a slow phone (the bench's 4x CPU
 * throttling on a slow machine). A click that lands in that time reaches React's listener on the
 * document, and React then hydrates the whole page at once inside the click (800-950 ms on a
 * 1,000,000-lead book's list) before anything answers. Until the page is hydrated, this script (inline
 * in the head, so it runs before any module) keeps the input on a row's link, or on a row away from its
 * controls, from React: the link is followed as the plain link it is (a document load of the lead's
 * page, as without JavaScript), and hydration goes on in its small slices. Once hydrated, the lists' own
 * handler opens rows inside the app (`useRowOpening`), and this script steps aside.
 */

import { useEffect } from "react";

/** A row's link to its lead (`RowLink` carries the attribute). */
export const ROW_LINK = "a[data-row-open]";

/** A row's own controls: a click on one of them works the control and does not open the row. */
export const ROW_CONTROLS = "a, button, input, label, select, textarea, summary, details";

/** The attribute the root puts on <html> once hydrated (`useMarkHydrated`). */
const HYDRATED_ATTRIBUTE = "data-hydrated";

/** Marks the document hydrated: the root's effects run once the whole page has hydrated. */
export function useMarkHydrated() {
  useEffect(() => {
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, "");
  }, []);
}

// The inputs React makes wait for hydration (its "discrete" events) that a click or a tap on a row sends.
const rowInputs = [
  "pointerdown",
  "mousedown",
  "touchstart",
  "pointerup",
  "mouseup",
  "touchend",
  "keydown",
  "keyup",
  "click",
  "auxclick",
];

/** The script's text, kept in ES5 and self-contained: it runs before the app's modules load. */
export const earlyRowOpenScript = `(function(){var d=document.documentElement;function link(t){if(d.hasAttribute("${HYDRATED_ATTRIBUTE}")||!t||!t.closest)return null;var a=t.closest("${ROW_LINK}");if(a)return a;if(t.closest("${ROW_CONTROLS}"))return null;var r=t.closest("tr");return r&&r.querySelector("${ROW_LINK}")}${JSON.stringify(rowInputs)}.forEach(function(type){addEventListener(type,function(e){var a=link(e.target);if(!a)return;e.stopPropagation();if(type==="click"&&a!==e.target.closest("a")&&!e.defaultPrevented&&!String(getSelection()))location.assign(a.href)},{capture:true,passive:true})})})();`;
