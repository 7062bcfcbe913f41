/**
 * Space a bar near the bottom of the window (the lead list's selection bar) takes, as a CSS variable on
 * the document: the toasts of the signed-in areas sit above it (toaster-region.tsx) instead of covering
 * it.
 */
import { useEffect, type RefObject } from "react";

export const FLOATING_BAR_SPACE = "--floating-bar-space";

/** Room the toasts take at the bottom of the window (a toast of two lines and its margin). */
const TOAST_ROOM = 120;
/** Between the bar and the toast above it. */
const GAP = 8;

/**
 * While `shown`, keeps the toasts clear of the element: when it reaches into the toasts' room at the
 * bottom of the window (stuck there, or a short page's bar), they rise above its top; when it sits higher
 * up, they stay at the bottom, under it. Follows scrolling, resizing and the element's own size.
 */
export function useReserveBottomSpace(element: RefObject<HTMLElement | null>, shown: boolean) {
  useEffect(() => {
    const bar = element.current;
    const root = document.documentElement;
    if (!bar || !shown) {
      root.style.removeProperty(FLOATING_BAR_SPACE);
      return;
    }
    let reserved = "";
    const reserve = () => {
      const { top, bottom } = bar.getBoundingClientRect();
      const inToastRoom = bottom > window.innerHeight - TOAST_ROOM && top < window.innerHeight;
      const space = inToastRoom ? `${Math.ceil(window.innerHeight - top + GAP)}px` : "0px";
      if (space === reserved) return;
      reserved = space;
      root.style.setProperty(FLOATING_BAR_SPACE, space);
    };
    reserve();
    const observer = new ResizeObserver(reserve);
    observer.observe(bar);
    window.addEventListener("scroll", reserve, { passive: true });
    window.addEventListener("resize", reserve);
    return () => {
      observer.disconnect();
      window.removeEventListener("scroll", reserve);
      window.removeEventListener("resize", reserve);
      root.style.removeProperty(FLOATING_BAR_SPACE);
    };
  }, [element, shown]);
}
