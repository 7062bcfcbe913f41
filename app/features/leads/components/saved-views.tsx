/**
 * The admin lead list's views (issue 25, ADR 040): one row of links above the filters, the built-in
 * views then the person's own, the one the list is marked (aria-current); "Save view" names the list as
 * it is, "Edit views" renames and deletes the person's own. Each view's link is the list's URL, so it
 * can be shared. Plain forms (POST, then back to the list): they work without JavaScript; with it the
 * shared schema checks the name as it is typed and focus lands on what the action did.
 */
import { getInputProps } from "@conform-to/react";
import { BookmarkPlus, Pencil } from "lucide-react";
import { useEffect, useEffectEvent, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { FormStatus } from "~/components/ui/form-status";
import { Input } from "~/components/ui/input";
import { useDismissableDetails } from "~/lib/use-dismissable-details";
import { useSchemaForm } from "~/lib/use-schema-form";
import { useSending } from "~/lib/use-sending";
import { cn } from "~/lib/utils";
import { leadListSearch, type LeadListQuery } from "../lead-list.schema";
import {
  builtInViews,
  currentViewOf,
  renameViewSchema,
  SAVED_VIEW_NAME_MAX,
  saveViewSchema,
  type LeadListView,
} from "../saved-views.schema";
import type { SavedViewReply } from "../saved-views.server";

type OwnView = LeadListView & { id: string };

const VIEWS_NAV = "lead-views";
const SAVE_MENU = "save-view-menu";
const EDIT_MENU = "edit-views-menu";

/** A menu's button, as low as the view links beside it (the row must not push leads below the fold). */
const menuSummary =
  "inline-flex h-7 cursor-pointer list-none items-center gap-1.5 whitespace-nowrap rounded-md px-2.5 text-sm font-semibold hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring max-md:h-10 [&::-webkit-details-marker]:hidden [&_svg]:size-4";
const menuPanel =
  "absolute right-0 z-30 mt-2 max-w-[calc(100vw-2rem)] rounded-xl border border-border bg-card p-4 shadow-lg";

export function SavedViews({
  mine,
  query,
  reply,
}: {
  /** The person's own views, in the order they were saved. */
  mine: readonly OwnView[];
  query: LeadListQuery;
  /** The answer to a refused view form (the page's action data when it is one). */
  reply: SavedViewReply | undefined;
}) {
  const views: LeadListView[] = [...builtInViews, ...mine];
  const current = currentViewOf(views, query);
  // The row scrolls sideways (a phone, many views): bring the current view into it, not the page.
  const currentKey = current ? (current.id ?? current.name) : null;
  useEffect(() => {
    const nav = document.getElementById(VIEWS_NAV);
    const link = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !link) return;
    const [row, shown] = [nav.getBoundingClientRect(), link.getBoundingClientRect()];
    if (shown.left < row.left || shown.right > row.right) nav.scrollLeft += shown.left - row.left - 8;
  }, [currentKey]);
  // After a delete the view's row is gone: focus goes to the next row's name, else back to a menu (the
  // last view deleted, "Edit views" goes too).
  useSubmissionEnd("delete-view", (sent) => {
    const gone = String(sent.get("viewId") ?? "");
    if ((reply && !reply.ok) || mine.some((view) => view.id === gone)) return;
    const edit = document.getElementById(EDIT_MENU);
    const next = edit?.querySelector<HTMLInputElement>("input[name=name]");
    (
      next ??
      edit?.querySelector("summary") ??
      document.querySelector<HTMLElement>(`#${SAVE_MENU} summary`)
    )?.focus();
  });
  return (
    <div className="flex items-center gap-1 pt-1.5">
      <nav
        id={VIEWS_NAV}
        aria-label="Views"
        className="-my-1 min-w-0 flex-1 overflow-x-auto px-0.5 py-1 [scrollbar-width:thin]"
      >
        <ul className="flex w-max items-center gap-1">
          {views.map((view, i) => (
            <li
              key={view.id ?? view.name}
              className={cn(view.id && i === builtInViews.length && "ml-1 border-l border-border pl-2")}
            >
              <Link
                to={`/admin/leads${view.search}`}
                aria-current={view === current ? "page" : undefined}
                className={cn(
                  "inline-flex h-7 items-center whitespace-nowrap rounded-md px-2.5 text-sm max-md:h-10",
                  view === current
                    ? "bg-primary/10 font-semibold text-foreground ring-1 ring-inset ring-primary/30"
                    : "text-muted-foreground hover:bg-muted hover:text-foreground",
                )}
              >
                {view.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <SaveViewMenu query={query} reply={reply?.intent === "save-view" ? reply : undefined} />
      {mine.length > 0 && (
        <EditViewsMenu
          mine={mine}
          reply={reply?.intent === "rename-view" || reply?.intent === "delete-view" ? reply : undefined}
        />
      )}
    </div>
  );
}

/** Focuses the link of the view named `name` (a new one), else of the view the list is. */
function focusView(name: string) {
  const links = [...document.querySelectorAll<HTMLElement>(`#${VIEWS_NAV} a`)];
  (
    links.find((link) => link.textContent === name) ?? links.find((link) => link.ariaCurrent === "page")
  )?.focus();
}

/**
 * Calls `onEnd` once a POST whose intent is `intent` is over and the page shows its outcome (the list
 * reloaded after a redirect, or the refusal drawn). `onEnd` reads the page as it then is.
 */
function useSubmissionEnd(intent: string, onEnd: (sent: FormData) => void) {
  const navigation = useNavigation();
  const sent = useRef<FormData | null>(null);
  const ended = useEffectEvent(onEnd);
  useEffect(() => {
    if (navigation.formData?.get("intent") === intent) {
      sent.current = navigation.formData;
    } else if (navigation.state === "idle" && sent.current) {
      const formData = sent.current;
      sent.current = null;
      ended(formData);
    }
  }, [navigation.state, navigation.formData, intent]);
}

function SaveViewMenu({ query, reply }: { query: LeadListQuery; reply: SavedViewReply | undefined }) {
  const detailsRef = useRef<HTMLDetailsElement>(null);
  useDismissableDetails(detailsRef);
  const { fields, ...form } = useSchemaForm(saveViewSchema, { id: "save-view", reply });
  const { name } = fields;
  const sending = useSending({ intent: "save-view" }, "reloaded");
  const refused = reply !== undefined && !reply.ok;
  useSubmissionEnd("save-view", (sent) => {
    if (refused) {
      document.getElementById(name.id)?.focus();
      return;
    }
    if (detailsRef.current) detailsRef.current.open = false;
    focusView(String(sent.get("name") ?? "").trim());
  });
  return (
    // Open when the server refused the name: without JavaScript the page is drawn anew.
    <details ref={detailsRef} id={SAVE_MENU} className="relative shrink-0" open={refused || undefined}>
      <summary className={menuSummary}>
        <BookmarkPlus aria-hidden="true" />
        <span className="max-md:sr-only">Save view</span>
      </summary>
      <div className={cn(menuPanel, "w-80")}>
        <Form method="post" {...form.formProps} className="space-y-3" aria-label="Save this view">
          <input type="hidden" name="intent" value="save-view" />
          <input type="hidden" name="search" value={leadListSearch(query)} />
          <FormStatus toast={form.shownStatus} />
          <FormField
            id={name.id}
            label="Name of this view"
            error={name.errors?.[0]}
            limit={SAVED_VIEW_NAME_MAX}
            hint="Keeps these filters, the sort and rows per page. Its link opens this list for any admin."
          >
            <Input {...getInputProps(name, { type: "text" })} autoComplete="off" className="md:h-9" />
          </FormField>
          <Button type="submit" size="sm" pending={sending}>
            {sending ? "Saving..." : "Save view"}
          </Button>
        </Form>
      </div>
    </details>
  );
}

function EditViewsMenu({ mine, reply }: { mine: readonly OwnView[]; reply: SavedViewReply | undefined }) {
  const detailsRef = useRef<HTMLDetailsElement>(null);
  useDismissableDetails(detailsRef);
  return (
    <details
      ref={detailsRef}
      id={EDIT_MENU}
      className="relative shrink-0"
      open={(reply !== undefined && !reply.ok) || undefined}
    >
      <summary className={menuSummary}>
        <Pencil aria-hidden="true" />
        <span className="max-md:sr-only">Edit views</span>
      </summary>
      <div className={cn(menuPanel, "max-h-[min(32rem,70vh)] w-[28rem] overflow-y-auto")}>
        <h2 id="own-views-heading" className="text-sm font-semibold">
          Your views
        </h2>
        <ul aria-labelledby="own-views-heading" className="mt-2 space-y-2">
          {mine.map((view) => (
            <OwnViewRow key={view.id} view={view} reply={reply?.viewId === view.id ? reply : undefined} />
          ))}
        </ul>
      </div>
    </details>
  );
}

/** One of the person's views: its name to change (Rename) and Delete. */
function OwnViewRow({ view, reply }: { view: OwnView; reply: SavedViewReply | undefined }) {
  const { fields, ...form } = useSchemaForm(renameViewSchema, {
    id: `view-${view.id}`,
    reply: reply?.intent === "rename-view" ? reply : undefined,
    defaultValue: { name: view.name },
  });
  const { name } = fields;
  const renaming = useSending({ intent: "rename-view", viewId: view.id }, "reloaded");
  const deleting = useSending({ intent: "delete-view", viewId: view.id }, "reloaded");
  useSubmissionEnd("rename-view", (sent) => {
    // A refused name: back to it, so the message under it is read and it can be fixed.
    if (sent.get("viewId") === view.id && reply && !reply.ok) document.getElementById(name.id)?.focus();
  });
  const deleteRefused = reply?.intent === "delete-view" && !reply.ok ? reply.toast : undefined;
  return (
    <li className="space-y-1">
      <div className="flex items-start gap-2">
        <Form method="post" {...form.formProps} className="flex min-w-0 flex-1 items-start gap-2">
          <input type="hidden" name="intent" value="rename-view" />
          <input type="hidden" name="viewId" value={view.id} />
          <div className="min-w-0 flex-1">
            <FormField
              id={name.id}
              label={`Name of the view "${view.name}"`}
              hideLabel
              error={name.errors?.[0]}
              limit={SAVED_VIEW_NAME_MAX}
            >
              <Input {...getInputProps(name, { type: "text" })} autoComplete="off" className="h-9" />
            </FormField>
          </div>
          <Button type="submit" variant="outline" size="sm" pending={renaming}>
            {renaming ? "Renaming..." : "Rename"}
            <span className="sr-only"> {view.name}</span>
          </Button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="delete-view" />
          <input type="hidden" name="viewId" value={view.id} />
          <Button type="submit" variant="ghost" size="sm" pending={deleting}>
            {deleting ? "Deleting..." : "Delete"}
            <span className="sr-only"> {view.name}</span>
          </Button>
        </Form>
      </div>
      <FormStatus toast={form.shownStatus ?? deleteRefused} />
    </li>
  );
}
