import { useEffect, type RefObject } from "react";

/**
 * A native <details> used as a menu closes the way menus do (issue 25, WCAG 2.1.2 / 2.4.3): Escape closes
 * it and puts focus back on its summary; a click elsewhere or focus moving out of it (Tab past the last
 * link) closes it. Without JavaScript it stays a plain disclosure.
 */
export function useDismissableDetails(ref: RefObject<HTMLDetailsElement | null>) {
  useEffect(() => {
    const dismiss = (event: Event) => {
      const element = ref.current;
      if (!element?.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== "Escape") return;
        element.open = false;
        element.querySelector("summary")?.focus();
        return;
      }
      if (event.target instanceof Node && !element.contains(event.target)) element.open = false;
    };
    document.addEventListener("click", dismiss);
    document.addEventListener("keydown", dismiss);
    document.addEventListener("focusin", dismiss);
    return () => {
      document.removeEventListener("click", dismiss);
      document.removeEventListener("keydown", dismiss);
      document.removeEventListener("focusin", dismiss);
    };
  }, [ref]);
}
