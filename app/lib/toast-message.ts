/**
 * What a toast is: a title and a text, as the spec's error catalogue and success messages describe it.
 * Data only (no React), so server actions and the page scripts of pages without React share it.
 */
export interface Toast {
  kind: "success" | "error";
  title: string;
  text?: string;
}

/** An error toast under the spec's common title, "Error". */
export const errorToast = (text: string): Toast => ({ kind: "error", title: "Error", text });
