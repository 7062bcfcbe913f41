/**
 * Space a bar floating at the bottom of the window (the lead list's selection bar) takes, as a CSS
 * variable on the document: the toasts of the signed-in areas sit above it (toaster-region.tsx) instead
 * of covering it.
 */
import { useEffect, type RefObject } from "react";

export const FLOATING_BAR_SPACE = "--floating-bar-space";

/** While `shown`, reserves the element's height and `gapBelow` (px) at the bottom of the window. */
export function useReserveBottomSpace(
  element: RefObject<HTMLElement | null>,
  shown: boolean,
  gapBelow: number,
) {
  useEffect(() => {
    const bar = element.current;
    const root = document.documentElement;
    if (!bar || !shown) {
      root.style.removeProperty(FLOATING_BAR_SPACE);
      return;
    }
    const reserve = () => root.style.setProperty(FLOATING_BAR_SPACE, `${bar.offsetHeight + gapBelow}px`);
    reserve();
    const observer = new ResizeObserver(reserve);
    observer.observe(bar);
    return () => {
      observer.disconnect();
      root.style.removeProperty(FLOATING_BAR_SPACE);
    };
  }, [element, shown, gapBelow]);
}
