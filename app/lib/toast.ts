/**
 * Toasts in the React app, and the one way to show one (what a toast is: lib/toast-message). The toast
 * library is fetched only when the first toast is requested; the region that displays them
 * (components/layout/toasts.tsx) mounts on that request.
 */
import { useEffect } from "react";
import { announce } from "./announce";
import type { Toast } from "./toast-message";

let requested = false;
const onRequest = new Set<() => void>();
let markRegionMounted: () => void = () => {};
const regionReady = new Promise<void>((resolve) => (markRegionMounted = resolve));

export function showToastNow(toast: Toast): void {
  // Read through the page's live region, present from the start (the toasts' own region is not).
  announce(toast.text ? `${toast.title}. ${toast.text}` : toast.title);
  if (!requested) {
    requested = true;
    for (const listener of onRequest) listener();
  }
  void Promise.all([import("sonner"), regionReady]).then(([{ toast: show }]) =>
    (toast.kind === "success" ? show.success : show.error)(toast.title, { description: toast.text }),
  );
}

/** Shows a toast once per distinct value (server flash or action result). */
export function useToast(toast: Toast | null | undefined) {
  useEffect(() => {
    if (toast) showToastNow(toast);
  }, [toast]);
}

/** For the region: whether a toast was requested yet, to subscribe to, and the call when it is mounted. */
export const toastRequests = {
  subscribe(listener: () => void) {
    onRequest.add(listener);
    return () => {
      onRequest.delete(listener);
    };
  },
  requested: () => requested,
  regionMounted: () => markRegionMounted(),
};
