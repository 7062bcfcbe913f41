/**
 * Toasts, loaded on demand: most visits never show one, so the toast library is fetched (and its region
 * mounted) only when the first toast is requested.
 */
import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import type { Toast } from "~/lib/toast";

const ToasterRegion = lazy(() => import("./toaster-region"));

let requested = false;
const onRequest = new Set<() => void>();
let regionMounted: () => void = () => {};
const regionReady = new Promise<void>((resolve) => (regionMounted = resolve));

export function showToastNow(toast: Toast): void {
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

const subscribe = (listener: () => void) => {
  onRequest.add(listener);
  return () => {
    onRequest.delete(listener);
  };
};

export function ToastRegion() {
  const show = useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
  return show ? (
    <Suspense fallback={null}>
      <ToasterRegion onMounted={regionMounted} />
    </Suspense>
  ) : null;
}
