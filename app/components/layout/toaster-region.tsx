import { useEffect } from "react";
import { Toaster } from "sonner";

/** The toast region itself; its effect runs after the Toaster has subscribed, so queued toasts show. */
export default function ToasterRegion({ onMounted }: { onMounted: () => void }) {
  useEffect(() => onMounted(), [onMounted]);
  return <Toaster position="top-center" closeButton />;
}
