/**
 * Where keyboard focus goes when the page changes under it (issue 25, WCAG 2.4.3). Without this, a
 * control that disappears with its action's result (a request replaced by its state, a decided return
 * leaving the queue) drops focus to the page's top, and a new page announces nothing.
 *
 * - Another page (client navigation): focus moves to its h1, which reads it and starts the next Tab at
 *   the content.
 * - After a form is sent: focus stays where it is if that still exists; otherwise it lands on the heading
 *   of the section that held the form (the result is shown there), or the page's h1.
 */
import { useEffect, useRef } from "react";
import { useFetchers, useLocation, useNavigation } from "react-router";

/** Focuses an element that is not focusable by itself, without adding it to the Tab order. */
function focusOn(element: HTMLElement | null) {
  if (!element) return;
  if (!element.hasAttribute("tabindex")) element.setAttribute("tabindex", "-1");
  element.focus({ preventScroll: false });
}

const pageHeading = () => document.querySelector<HTMLElement>("#main h1");

export function FocusKeeper() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || fetchers.some((fetcher) => fetcher.state !== "idle");
  const shownPath = useRef(pathname);
  /** The heading id of the section whose form was last sent, until the answer is shown. */
  const sentFrom = useRef<string | null>(null);

  useEffect(() => {
    const onSubmit = (event: Event) => {
      const form = event.target instanceof HTMLFormElement ? event.target : null;
      sentFrom.current = form?.closest("[aria-labelledby]")?.getAttribute("aria-labelledby") ?? "";
    };
    document.addEventListener("submit", onSubmit, true);
    return () => document.removeEventListener("submit", onSubmit, true);
  }, []);

  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    sentFrom.current = null;
    if (window.location.hash) return;
    focusOn(pageHeading());
  }, [pathname]);

  useEffect(() => {
    if (busy || sentFrom.current === null) return;
    const headingId = sentFrom.current.split(" ")[0];
    sentFrom.current = null;
    requestAnimationFrame(() => {
      const active = document.activeElement;
      if (active && active !== document.body && active.isConnected) return;
      focusOn((headingId && document.getElementById(headingId)) || pageHeading());
    });
  }, [busy]);

  return null;
}
