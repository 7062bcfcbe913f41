/**
 * Toasts on pages without React (ADR 055): the same place and look as the app's (top centre, a close
 * button, gone after a few seconds), drawn with a few DOM calls instead of the toast library. Read to
 * screen readers through the page's one live region, like the app's.
 */
import { announce } from "../announce";
import type { Toast } from "../toast-message";

const SHOWN_MS = 6000;
const REGION_ID = "page-toasts";

function region(): HTMLElement {
  const existing = document.getElementById(REGION_ID);
  if (existing) return existing;
  const list = document.createElement("section");
  list.id = REGION_ID;
  list.setAttribute("aria-label", "Notifications");
  list.className =
    "pointer-events-none fixed inset-x-0 top-4 z-50 flex flex-col items-center gap-2 px-4 sm:top-6";
  document.body.append(list);
  return list;
}

function paragraph(text: string, className: string): HTMLParagraphElement {
  const p = document.createElement("p");
  p.className = className;
  p.textContent = text;
  return p;
}

export function showPageToast(toast: Toast): void {
  announce(toast.text ? `${toast.title}. ${toast.text}` : toast.title);
  const item = document.createElement("div");
  item.dataset.toast = toast.kind;
  item.className = `pointer-events-auto relative w-full max-w-sm rounded-lg border bg-card py-3 pl-4 pr-10 text-sm shadow-lg ${
    toast.kind === "success" ? "border-emerald-300 text-emerald-900" : "border-red-300 text-red-900"
  }`;
  item.append(paragraph(toast.title, "font-semibold"));
  if (toast.text) item.append(paragraph(toast.text, "mt-0.5"));
  const close = document.createElement("button");
  close.type = "button";
  close.setAttribute("aria-label", "Close toast");
  close.className =
    "absolute right-2 top-2 grid size-7 place-items-center rounded-md text-base leading-none text-muted-foreground hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";
  close.textContent = "×";
  const remove = () => item.remove();
  close.addEventListener("click", remove);
  item.append(close);
  // One answer at a time: a new one replaces the last (a form's "Validation Error" once it is sent).
  region().replaceChildren(item);
  // Kept while the pointer or focus is on it, so it can be read to the end and closed.
  let timer = setTimeout(remove, SHOWN_MS);
  const hold = () => clearTimeout(timer);
  const release = () => {
    clearTimeout(timer);
    timer = setTimeout(remove, SHOWN_MS);
  };
  item.addEventListener("pointerenter", hold);
  item.addEventListener("focusin", hold);
  item.addEventListener("pointerleave", release);
  item.addEventListener("focusout", release);
}
