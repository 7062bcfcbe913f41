import { useEffect } from "react";
import { toast as showToast, Toaster } from "sonner";
import type { Toast } from "~/lib/toast";

/** Shows a toast once per distinct value (server flash or action result). */
export function useToast(toast: Toast | null | undefined) {
  useEffect(() => {
    if (!toast) return;
    const show = toast.kind === "success" ? showToast.success : showToast.error;
    show(toast.title, { description: toast.text });
  }, [toast]);
}

export function ToastRegion() {
  return <Toaster position="top-center" richColors closeButton />;
}
