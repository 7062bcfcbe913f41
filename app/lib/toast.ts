/** A toast as the spec's error catalogue and success messages describe it: a title and a text. */
export interface Toast {
  kind: "success" | "error";
  title: string;
  text?: string;
}
