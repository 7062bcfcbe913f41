/**
 * The toast region, loaded on demand: most visits never show one, so the toast library is fetched (and
 * its region mounted) only when the first toast is requested through lib/toast.
 */
import { lazy, Suspense, useSyncExternalStore } from "react";
import { toastRequests } from "~/lib/toast";

const ToasterRegion = lazy(() => import("./toaster-region"));

export function ToastRegion({ inApp }: { inApp: boolean }) {
  const show = useSyncExternalStore(toastRequests.subscribe, toastRequests.requested, () => false);
  return show ? (
    <Suspense fallback={null}>
      <ToasterRegion inApp={inApp} onMounted={toastRequests.regionMounted} />
    </Suspense>
  ) : null;
}
