import { useEffect } from "react";
import { Toaster } from "sonner";
import { FLOATING_BAR_SPACE } from "~/lib/floating-bar";

/**
 * In the signed-in areas (issue 25) toasts sit at the bottom right (across the bottom on a phone), out
 * of the way of the page's top (the title, the lead list's row of saved views) and clear of whatever floats
 * at the bottom of the window (the selection bar reserves its space: lib/floating-bar).
 */
const aboveFloatingBar = `calc(var(${FLOATING_BAR_SPACE}, 0px) + 16px)`;

/**
 * The toast region itself; its effect runs after the Toaster has subscribed, so queued toasts show. The
 * toasts are read through the page's live region (lib/announce), which exists from the start: Sonner's
 * own, added with the first toast, is silenced so nothing is read twice.
 */
export default function ToasterRegion({ inApp, onMounted }: { inApp: boolean; onMounted: () => void }) {
  useEffect(() => {
    for (const region of document.querySelectorAll(`section[aria-live][aria-label^="Notifications"]`))
      region.setAttribute("aria-live", "off");
    onMounted();
  }, [onMounted]);
  return inApp ? (
    <Toaster
      position="bottom-right"
      offset={{ bottom: aboveFloatingBar, right: 24 }}
      mobileOffset={{ bottom: aboveFloatingBar, left: 16, right: 16 }}
      closeButton
    />
  ) : (
    <Toaster position="top-center" closeButton />
  );
}
