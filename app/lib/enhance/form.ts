/**
 * A server-rendered form made instant without React (ADR 055), behaving as the app's forms do
 * (lib/use-schema-form): the form's one zod schema checks a field once it was edited and is left, again
 * as the visitor types once it was checked, and everything on submit (focusing the first invalid field,
 * with the validation toast); a field with a limit counts its characters near it. A valid form is sent
 * with fetch, the button saying its busy caption; the server's page answers, and its errors and status
 * are read out of that page, so the server stays the one authority and no message is written twice.
 * A form whose answer is somewhere else (signing in goes on to the page asked for, with a new session)
 * is sent as a page once it checks out (`send: "page"`). Without JavaScript, or before this script runs,
 * the form posts as a normal page; `showAnswersAsToasts` shows the answer such a page carries as a toast.
 *
 * The markup is components/ui/form-field.tsx's and form-status.tsx's: errors and counts are drawn here
 * exactly as those components draw them.
 */
import { parseForm } from "../form-reply";
import { formToasts } from "../form-toasts";
import type { Toast } from "../toast-message";
import type { z } from "../zod";
import { COUNT_SPOKEN_AFTER_MS, countShown, countStatus, formattedCount } from "../character-count";
import { showPageToast } from "./toast";

/** A browser-only check of a field the schema does not hold (a chosen file): its message, or nothing. */
export interface ExtraCheck {
  name: string;
  check: (formData: FormData) => string | undefined;
}

export interface EnhanceOptions {
  extraCheck?: ExtraCheck;
  /**
   * How a valid form goes: "fetch" (the default) stays on the page and reads the answer out of the
   * server's page; "page" lets the browser post it, for answers that lead elsewhere.
   */
  send?: "fetch" | "page";
}

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const isControl = (element: unknown): element is Control =>
  element instanceof HTMLInputElement ||
  element instanceof HTMLTextAreaElement ||
  element instanceof HTMLSelectElement;

/** The form's own named controls (not the bot trap, which has no id, nor buttons). */
function controlsOf(form: HTMLFormElement): Control[] {
  return [...form.elements].filter(
    (element): element is Control => isControl(element) && !!element.name && !!element.id,
  );
}

function paragraph(id: string | null, className: string, text: string): HTMLParagraphElement {
  const p = document.createElement("p");
  if (id) p.id = id;
  p.className = className;
  p.textContent = text;
  return p;
}

/** A field's error and count, drawn under its control as FormField draws them. */
function drawField(control: Control, error: string | undefined): void {
  const column = control.parentElement;
  if (!column) return;
  const limit = Number(control.dataset.limit) || undefined;
  const value = control.value;
  const length = (control.dataset.trim === "false" ? value : value.trim()).length;
  const counted = limit !== undefined && countShown(length, limit);
  const errorId = `${control.id}-error`;
  const countId = `${control.id}-count`;
  const hintId = `${control.id}-hint`;

  column.querySelector(":scope > [data-field-messages]")?.remove();
  if (error || counted) {
    const row = document.createElement("div");
    row.dataset.fieldMessages = "";
    row.className = "flex items-start gap-3";
    if (error) row.append(paragraph(errorId, "text-sm font-medium text-destructive", error));
    if (counted) {
      const over = length > limit;
      const count = paragraph(
        null,
        `shrink-0 text-sm tabular-nums ml-auto ${over ? "font-semibold text-destructive" : "text-muted-foreground"}`,
        `${formattedCount(length)} / ${formattedCount(limit)}`,
      );
      count.setAttribute("aria-hidden", "true");
      if (over) count.dataset.over = "true";
      row.append(count);
    }
    column.append(row);
  }
  if (error) control.setAttribute("aria-invalid", "true");
  else control.removeAttribute("aria-invalid");
  const describedBy = [
    document.getElementById(hintId) ? hintId : "",
    error ? errorId : "",
    counted ? countId : "",
  ].filter(Boolean);
  if (describedBy.length > 0) control.setAttribute("aria-describedby", describedBy.join(" "));
  else control.removeAttribute("aria-describedby");
}

/** The answer's panel at the top of the form, as FormStatus draws it for a form that hydrated. */
function drawStatus(form: HTMLFormElement, toast: Toast | undefined): void {
  form.querySelector(":scope > [data-form-status]")?.remove();
  if (!toast) return;
  const panel = document.createElement("div");
  panel.dataset.formStatus = toast.kind;
  panel.className = `rounded-lg border p-4 ${
    toast.kind === "success"
      ? "border-emerald-300 bg-emerald-50 text-emerald-900"
      : "border-red-300 bg-red-50 text-red-900"
  }`;
  panel.append(paragraph(null, "font-semibold", toast.title));
  if (toast.text) panel.append(paragraph(null, "text-sm", toast.text));
  form.prepend(panel);
}

/** What the server's page said about the form: its status panel and each field's error. */
interface ServerAnswer {
  toast: Toast | undefined;
  errors: Map<string, string>;
}

/** The toast a status panel (FormStatus's markup) says, if it says one. */
function panelToast(panel: HTMLElement | null): Toast | undefined {
  const [title, text] = [...(panel?.querySelectorAll("p") ?? [])].map((p) => p.textContent ?? "");
  return panel && title
    ? { kind: panel.dataset.formStatus === "success" ? "success" : "error", title, text: text || undefined }
    : undefined;
}

function readAnswer(html: string, form: HTMLFormElement, controls: Control[]): ServerAnswer | undefined {
  const page = new DOMParser().parseFromString(html, "text/html");
  const answered = page.getElementById(form.id);
  if (!answered) return undefined;
  const toast = panelToast(answered.querySelector<HTMLElement>("[data-form-status]"));
  const errors = new Map<string, string>();
  for (const control of controls) {
    const message = page.getElementById(`${control.id}-error`)?.textContent;
    if (message) errors.set(control.name, message);
  }
  return { toast, errors };
}

/**
 * The page is a server's answer to a form posted as a page (sent that way, or before the script ran):
 * each answer on it is shown as a toast too, as the app shows every answer.
 */
export function showAnswersAsToasts(): void {
  for (const panel of document.querySelectorAll<HTMLElement>("[data-form-status]")) {
    const toast = panelToast(panel);
    if (toast) showPageToast(toast);
  }
}

/** Makes the form with this id instant; nothing happens when the page has no such form. */
export function enhanceForm(
  id: string,
  schema: z.ZodObject,
  { extraCheck, send: sendBy = "fetch" }: EnhanceOptions = {},
): void {
  const element = document.getElementById(id);
  if (!(element instanceof HTMLFormElement)) return;
  const form = element;
  const controls = controlsOf(form);
  const errors = new Map<string, string>();
  /** Fields typed in or chosen from: only those are checked as they are left. */
  const edited = new Set<string>();
  /** Fields checked once: from then on they are checked again as the visitor types. */
  const checked = new Set<string>();
  const spokenCounts = new Map<Control, ReturnType<typeof setTimeout>>();
  let sending = false;

  const problems = (): Map<string, string> => {
    const formData = new FormData(form);
    const found = new Map<string, string>();
    const submission = parseForm(formData, schema);
    if (submission.status !== "success") {
      for (const [name, messages] of Object.entries(submission.error ?? {})) {
        const first = messages?.[0];
        if (first) found.set(name, first);
      }
    }
    const extra = extraCheck?.check(formData);
    if (extraCheck && extra) found.set(extraCheck.name, extra);
    return found;
  };

  const show = (control: Control) => drawField(control, errors.get(control.name));

  const check = (names: Iterable<string>) => {
    const found = problems();
    for (const name of names) {
      checked.add(name);
      const message = found.get(name);
      if (message) errors.set(name, message);
      else errors.delete(name);
    }
    for (const control of controls) show(control);
    return found;
  };

  const speakCount = (control: Control) => {
    const limit = Number(control.dataset.limit);
    const status = document.getElementById(`${control.id}-count`);
    if (!limit || !status) return;
    clearTimeout(spokenCounts.get(control));
    const length = (control.dataset.trim === "false" ? control.value : control.value.trim()).length;
    spokenCounts.set(
      control,
      setTimeout(() => (status.textContent = countStatus(length, limit)), COUNT_SPOKEN_AFTER_MS),
    );
  };

  const onEdit = (event: Event) => {
    const control = event.target;
    if (!isControl(control) || !controls.includes(control)) return;
    edited.add(control.name);
    if (checked.has(control.name)) check([control.name]);
    else show(control);
    speakCount(control);
  };
  form.addEventListener("input", onEdit);
  form.addEventListener("change", onEdit);

  form.addEventListener("focusout", (event) => {
    const control = event.target;
    if (!isControl(control) || !edited.has(control.name)) return;
    // Leaving a field for the submit button: the submit checks everything, and an error shown now
    // would move the button from under the pointer before the click lands.
    const next = event.relatedTarget;
    if (next instanceof HTMLButtonElement && next.type === "submit" && next.form === form) return;
    check([control.name]);
  });

  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const idleCaption = button?.textContent ?? "";
  const setSending = (on: boolean) => {
    sending = on;
    if (!button) return;
    button.textContent = on ? (button.dataset.busyLabel ?? idleCaption) : idleCaption;
    if (on) button.setAttribute("aria-disabled", "true");
    else button.removeAttribute("aria-disabled");
  };

  const afterReset = () => {
    errors.clear();
    edited.clear();
    checked.clear();
    // The reset event comes before the form puts its values back: redraw once it has.
    setTimeout(() => {
      for (const control of controls) show(control);
    });
  };
  form.addEventListener("reset", afterReset);

  form.addEventListener("submit", (event) => {
    if (sending) {
      event.preventDefault();
      return;
    }
    const found = check(controls.map((control) => control.name));
    drawStatus(form, undefined);
    if (found.size > 0) {
      event.preventDefault();
      controls.find((control) => errors.has(control.name))?.focus();
      showPageToast(formToasts.validation);
      return;
    }
    if (sendBy === "page") {
      // The browser posts it; the button says so until the next page comes.
      setSending(true);
      return;
    }
    event.preventDefault();
    void send();
  });
  // Back to this page from the next one (the browser kept it as it was): the form is idle again.
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) setSending(false);
  });

  async function send(): Promise<void> {
    setSending(true);
    const body = new FormData(form);
    const encoded =
      form.enctype === "multipart/form-data"
        ? body
        : new URLSearchParams(
            [...body].filter((pair): pair is [string, string] => typeof pair[1] === "string"),
          );
    let answer: ServerAnswer | undefined;
    try {
      const response = await fetch(form.action, {
        method: "POST",
        body: encoded,
        headers: { Accept: "text/html" },
      });
      answer = readAnswer(await response.text(), form, controls);
    } catch {
      answer = undefined;
    } finally {
      setSending(false);
    }
    if (!answer) {
      // No page came back (the network, or an answer that is not the page): nothing typed is lost.
      drawStatus(form, formToasts.unexpected);
      showPageToast(formToasts.unexpected);
      return;
    }
    const { toast, errors: refused } = answer;
    if (toast?.kind === "success") {
      form.reset();
      showPageToast(toast);
      return;
    }
    errors.clear();
    for (const [name, message] of refused) errors.set(name, message);
    for (const control of controls) {
      if (refused.has(control.name)) checked.add(control.name);
      show(control);
    }
    const shown = toast ?? formToasts.unexpected;
    // A refusal always shows at the form, unless it only repeats a field's message.
    drawStatus(form, [...refused.values()].includes(shown.text ?? "") ? undefined : shown);
    showPageToast(shown);
    controls.find((control) => refused.has(control.name))?.focus();
  }
}
