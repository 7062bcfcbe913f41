import { useEffect, useRef } from "react";
import { Form, Link, useNavigate, useSearchParams } from "react-router";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/lib/use-hydrated";
import { withParam } from "./lead-tabs";
import { useSending } from "~/lib/use-sending";

/**
 * The confirmation (spec 02 §2): "Delete Lead". It lives at ?delete, so it works without JavaScript; with
 * JavaScript it is a modal dialog (focus trapped, Escape closes it).
 */
export function DeleteDialog({ open }: { open: boolean }) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const closedHref = `?${withParam(params, "delete", false)}`;
  const wasOpen = useRef(open);
  useEffect(() => {
    const dialog = ref.current;
    if (open && hydrated && dialog && !dialog.open) dialog.showModal();
    // Closed (Cancel, Escape): focus goes back to the link that opened it, not to the page's top.
    if (wasOpen.current && !open)
      document.querySelector<HTMLElement>('[data-opens="delete-dialog"]')?.focus();
    wasOpen.current = open;
  }, [open, hydrated]);
  const deleting = useSending({ intent: "delete" }, "reloaded");
  if (!open) return null;
  const close = () => navigate(closedHref, { replace: true, preventScrollReset: true });
  return (
    <dialog
      ref={ref}
      open={!hydrated}
      aria-labelledby="delete-title"
      aria-describedby="delete-text"
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      className="z-50 m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl border border-border bg-card p-6 text-foreground shadow-xl backdrop:bg-slate-900/50"
    >
      <h2 id="delete-title" className="text-xl font-bold">
        Delete Lead
      </h2>
      <p id="delete-text" className="mt-2 text-muted-foreground">
        Are you sure you want to delete this lead? This action cannot be undone.
      </p>
      <div className="mt-6 flex justify-end gap-3">
        <Button asChild variant="outline">
          <Link to={closedHref} replace preventScrollReset>
            Cancel
          </Link>
        </Button>
        <Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <Button
            type="submit"
            className="bg-destructive text-white hover:bg-destructive/90"
            pending={deleting}
          >
            {deleting ? "Deleting..." : "Delete"}
          </Button>
        </Form>
      </div>
    </dialog>
  );
}
