import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import {
  useCallback,
  useEffect,
  useState,
  type ComponentProps,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from "react";
import { Link, PrefetchPageLinks, useNavigate } from "react-router";
import { ROW_CONTROLS, ROW_LINK } from "~/lib/early-row-open";
import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/utils";

/**
 * Lead tables that become cards on a phone: one DOM for both (no duplicated rows for tests or screen
 * readers), a table from the md breakpoint, and below it each row a two-column card whose cells carry
 * their column name.
 */
export const tableClasses = {
  frame: "overflow-x-auto rounded-2xl border border-border bg-card shadow-sm",
  table: "block w-full text-left text-sm md:table",
  head: "hidden border-b border-border bg-muted/60 text-xs uppercase tracking-wide text-muted-foreground md:table-header-group",
  th: "px-4 py-3 font-semibold",
  body: "block md:table-row-group",
  row: "grid grid-cols-2 gap-x-4 gap-y-3 border-b border-border p-4 last:border-0 hover:bg-muted/40 md:table-row md:p-0",
  message: "block px-4 py-10 text-center text-muted-foreground md:table-cell",
};

/** The header row: the named columns, then (unless `actions` is false) the unnamed column of row actions. */
export function LeadTableHead({
  columns,
  leading,
  actions = true,
}: {
  columns: readonly string[];
  leading?: ReactNode;
  actions?: boolean;
}) {
  return (
    <thead className={tableClasses.head}>
      <tr>
        {leading}
        {columns.map((h) => (
          <th key={h} scope="col" className={tableClasses.th}>
            {h}
          </th>
        ))}
        {actions && (
          <th scope="col" className={tableClasses.th}>
            <span className="sr-only">Actions</span>
          </th>
        )}
      </tr>
    </thead>
  );
}

export function Cell({
  label,
  wide = false,
  className,
  children,
}: {
  /** The column name, shown above the value on a phone. */
  label?: string;
  /** Spans both columns of the phone card. */
  wide?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <td
      data-label={label}
      className={cn(
        "block md:table-cell md:px-4 md:py-3 md:align-middle",
        label &&
          "before:mb-0.5 before:block before:text-xs before:font-semibold before:uppercase before:tracking-wide before:text-muted-foreground before:content-[attr(data-label)] md:before:hidden",
        wide && "col-span-2",
        className,
      )}
    >
      {children}
    </td>
  );
}

/**
 * A row's link to its lead, as plain HTML: the list's own click handler (useRowOpening) opens it inside
 * the app. A React Router Link in each of 100 rows costs five hooks apiece to render and hydrate, which
 * the click that opens a lead waited for (issue 25 §7). `data-discover` lets React Router learn the
 * lead's route from it, as it does from a Link.
 */
export function RowLink({ to, ...props }: { to: string } & Omit<ComponentProps<"a">, "href">) {
  return <a href={to} data-discover="true" data-row-open {...props} />;
}

/** A row's View link (the table's last column): an eye, named after the lead for screen readers. */
export function ViewIconLink({ to, name }: { to: string; name: string }) {
  return (
    <RowLink to={to} aria-label={`View ${name}`} title="View" className="view-link">
      <span aria-hidden="true" className="icon-view" />
    </RowLink>
  );
}

/**
 * One click handler for a whole list of rows (on its table): a click on a RowLink opens it in the app, as
 * a Link would (a modified or middle click is left to the browser: a new tab); a click elsewhere on a row,
 * but not on one of its controls, opens the row's first RowLink.
 */
export function useRowOpening() {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      const target = event.target as HTMLElement;
      const link = target.closest<HTMLAnchorElement>(ROW_LINK);
      if (link) {
        const modified =
          event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
        if (modified || event.defaultPrevented) return;
        event.preventDefault();
        void navigate(link.pathname + link.search);
        return;
      }
      if (!opensRow(event)) return;
      const first = target.closest("tr")?.querySelector<HTMLAnchorElement>(ROW_LINK);
      if (first) void navigate(first.pathname + first.search);
    },
    [navigate],
  );
}

/**
 * While the pointer or focus rests on one of the table's RowLinks (100 ms), what its page needs is
 * fetched ahead, as Link's prefetch="intent" does. Its own component, so that a hover renders this alone
 * and not the table.
 */
export function RowLinkPrefetch({ tableRef }: { tableRef: RefObject<HTMLTableElement | null> }) {
  const [page, setPage] = useState<string | null>(null);
  useEffect(() => {
    const table = tableRef.current;
    if (!table) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onIntent = (event: Event) => {
      const link = (event.target as Element).closest<HTMLAnchorElement>(ROW_LINK);
      clearTimeout(timer);
      if (link) timer = setTimeout(() => setPage(link.pathname), 100);
    };
    table.addEventListener("pointerover", onIntent);
    table.addEventListener("focusin", onIntent);
    return () => {
      clearTimeout(timer);
      table.removeEventListener("pointerover", onIntent);
      table.removeEventListener("focusin", onIntent);
    };
  }, [tableRef]);
  return page ? <PrefetchPageLinks page={page} /> : null;
}

/**
 * The header's box that ticks every row's: shown once the browser has taken over (it needs JavaScript).
 * Its own component, so that the render after hydration that shows it redraws this box, not the rows.
 */
export function TickAllBox({
  label,
  shown,
  onChange,
}: {
  label: string;
  shown: boolean;
  onChange: (checked: boolean) => void;
}) {
  const hydrated = useHydrated();
  return hydrated && shown ? (
    <input
      type="checkbox"
      aria-label={label}
      className="size-4 accent-primary align-middle"
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  ) : (
    <span className="sr-only">Tick</span>
  );
}

/**
 * A header that sorts (issue 25): a link to the list in its order (the first page), the other way round
 * when it is the current one; aria-sort says which way the list runs.
 */
export function SortableHead({
  label,
  direction,
  to,
  className,
}: {
  label: string;
  direction: "ascending" | "descending" | null;
  to: string;
  className?: string;
}) {
  const Icon = direction === "ascending" ? ArrowUp : direction === "descending" ? ArrowDown : ArrowUpDown;
  return (
    <th scope="col" aria-sort={direction ?? undefined} className={className}>
      <Link
        to={to}
        className={cn(
          "-mx-1 inline-flex items-center gap-1 rounded px-1 hover:text-foreground",
          direction && "text-foreground",
        )}
      >
        {label}
        <Icon aria-hidden="true" className={cn("size-3.5", !direction && "opacity-40")} />
      </Link>
    </th>
  );
}

/** Whether a click on a row opens it: not when it was on one of the row's own controls or selected text. */
function opensRow(event: MouseEvent<HTMLElement>): boolean {
  const target = event.target as HTMLElement;
  return !target.closest(ROW_CONTROLS) && !window.getSelection()?.toString();
}

/**
 * A compact list by keyboard (issue 25; the leads and the returns): j and k move focus to the next or previous row's name (its link, so
 * Enter opens it), x ticks the focused row. Keys typed into a field are left alone.
 */
export function useRowKeys(tableRef: React.RefObject<HTMLTableElement | null>, recount: () => void) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
      const target = event.target as HTMLElement;
      if (target.closest("input, select, textarea, [contenteditable=true], details[open]")) return;
      if (event.key !== "j" && event.key !== "k" && event.key !== "x") return;
      const links = [...(tableRef.current?.querySelectorAll<HTMLAnchorElement>("a[data-row-link]") ?? [])];
      if (links.length === 0) return;
      const current = links.findIndex((link) => link.closest("tr")?.contains(document.activeElement));
      if (event.key === "x") {
        const box = links[current]?.closest("tr")?.querySelector<HTMLInputElement>("input[type=checkbox]");
        if (!box) return;
        event.preventDefault();
        box.checked = !box.checked;
        recount();
        return;
      }
      event.preventDefault();
      const next =
        current === -1 ? 0 : Math.min(links.length - 1, Math.max(0, current + (event.key === "j" ? 1 : -1)));
      links[next]!.focus();
      links[next]!.scrollIntoView({ block: "nearest" });
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [tableRef, recount]);
}
