import type { Toast } from "~/lib/toast-message";
import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/utils";
import { Button } from "./button";

/**
 * The answer's text as an inline panel at its form: every refusal, and successes for visitors without
 * JavaScript. With JavaScript the toast is read aloud (lib/announce), so the panel has no live role.
 */
export function FormStatus({ toast }: { toast?: Toast }) {
  const hydrated = useHydrated();
  if (!toast) return null;
  const success = toast.kind === "success";
  return (
    <div
      role={hydrated ? undefined : success ? "status" : "alert"}
      data-form-status={toast.kind}
      className={cn(
        "rounded-lg border p-4",
        success
          ? "border-emerald-300 bg-emerald-50 text-emerald-900"
          : "border-red-300 bg-red-50 text-red-900",
      )}
    >
      <p className="font-semibold">{toast.title}</p>
      {toast.text && <p className="text-sm">{toast.text}</p>}
    </div>
  );
}

/** A field bots fill and people never see (hidden from sight, keyboard and assistive technology). */
function Honeypot({ name }: { name: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        Leave this field empty
        <input type="text" name={name} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/**
 * How the public site's forms (contact, careers) end: the bot trap, then the large submit button, which
 * says `busyLabel` and is disabled while the form is on its way.
 */
export function SiteFormSubmit({
  submitting,
  label,
  busyLabel,
}: {
  submitting: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <>
      <Honeypot name="website" />
      <Button
        type="submit"
        size="lg"
        variant="accent"
        pending={submitting}
        data-busy-label={busyLabel}
        className="w-full sm:w-auto"
      >
        {submitting ? busyLabel : label}
      </Button>
    </>
  );
}
