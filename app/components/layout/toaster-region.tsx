import { useEffect } from "react";
import { Toaster } from "sonner";

/**
 * The toast region itself; its effect runs after the Toaster has subscribed, so queued toasts show. The
 * toasts are read through the page's live region (lib/announce), which exists from the start: Sonner's
 * own, added with the first toast, is silenced so nothing is read twice.
 */
export default function ToasterRegion({ onMounted }: { onMounted: () => void }) {
  useEffect(() => {
    for (const region of document.querySelectorAll(`section[aria-live][aria-label^="Notifications"]`))
      region.setAttribute("aria-live", "off");
    onMounted();
  }, [onMounted]);
  return <Toaster position="top-center" closeButton />;
}
