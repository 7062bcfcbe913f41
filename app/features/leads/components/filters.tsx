import { ChevronDown, Search, SlidersHorizontal } from "lucide-react";
import { useEffect, useRef, type ReactNode, type RefObject } from "react";
import { Form, useSubmit } from "react-router";
import { FilterField } from "~/components/ui/filter-field";
import { Button, buttonVariants } from "~/components/ui/button";
import { controlClass, Input } from "~/components/ui/input";
import { NativeSelect, SelectOptions } from "~/components/ui/native-select";
import { useFieldsFollowUrl } from "~/lib/use-fields-follow-url";
import { cn } from "~/lib/utils";

/**
 * A list's filter form (method GET): the filters live in the URL, so they work without JavaScript and
 * survive reloads. With JavaScript a select applies as soon as it changes, and the fields follow the URL
 * when it changes another way; without it an "Apply filters" button posts them. `after` follows that
 * button (e.g. Clear Filters).
 */
export function FilterForm({
  values,
  label,
  className,
  children,
  after,
  role,
}: {
  /** The URL's current value of each field, by name (a list for checkboxes). */
  values: Record<string, string | readonly string[]>;
  label: string;
  className: string;
  children: ReactNode;
  after?: ReactNode;
  role?: "search";
}) {
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  useFieldsFollowUrl(formRef, values);
  return (
    <Form
      ref={formRef}
      method="get"
      role={role}
      aria-label={label}
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        submit(filledFields(event.currentTarget), { method: "get" });
      }}
      onChange={(event) => {
        // Choices apply at once; typed text (the search) waits for Enter or the Search button.
        const field = event.target as unknown as HTMLInputElement | HTMLSelectElement;
        // A control without a name (a disclosure's toggle) is not a filter.
        if (!field.name) return;
        if (field.tagName === "SELECT" || field.type === "checkbox" || field.type === "date") {
          submit(filledFields(event.currentTarget), { method: "get" });
        }
      }}
    >
      {children}
      {/* Only a browser without JavaScript shows it, from the first paint on: rendered until hydration
          instead, it took a line of its own and the list jumped up under the pointer once the page
          hydrated (a click on a lead's View link landed on "100 rows per page"). */}
      <noscript>
        <Button type="submit" variant="outline" size="field">
          Apply filters
        </Button>
      </noscript>
      {after}
    </Form>
  );
}

/** The form's fields without the empty ones: the URL names only the filters in use. */
function filledFields(form: HTMLFormElement): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (typeof value === "string" && value !== "") params.append(name, value);
  }
  return params;
}

/** A labelled list filter: "All …" first, then the options; the form submits it as `name`. */
export function FilterSelect({
  id,
  name,
  label,
  allLabel,
  value,
  options,
  className,
  hideLabel,
}: {
  id: string;
  name: string;
  label: string;
  allLabel: string;
  value: string | undefined;
  options: readonly { value: string; label: string }[];
  className?: string;
  /** The label for screen readers only: `allLabel` says what the select is ("All clients"). */
  hideLabel?: boolean;
}) {
  return (
    <FilterField id={id} label={label} hideLabel={hideLabel}>
      <NativeSelect id={id} name={name} defaultValue={value ?? ""} className={className}>
        <SelectOptions placeholder={allLabel} options={options} />
      </NativeSelect>
    </FilterField>
  );
}

/**
 * A multi-select filter without JavaScript: a disclosure (native details/summary, keyboard and screen
 * readers included) holding one checkbox per option; the form submits every ticked value as `name`.
 */
export function FilterChecklist({
  name,
  label,
  options,
  selected,
  extra,
  compact = false,
}: {
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
  selected: readonly string[];
  /** Options listed after a divider (the statuses the spec's single filter leaves out). */
  extra?: readonly { value: string; label: string }[];
  /** One line: the label inside the button ("Status: Any") instead of above it. */
  compact?: boolean;
}) {
  const detailsRef = useRef<HTMLDetailsElement>(null);
  useCloseOnOutsideClick(detailsRef);
  const box = (o: { value: string; label: string }) => (
    <label key={o.value} className="flex min-h-9 cursor-pointer items-center gap-2 text-sm">
      <input
        type="checkbox"
        name={name}
        value={o.value}
        defaultChecked={selected.includes(o.value)}
        className="size-4 accent-primary"
      />
      {o.label}
    </label>
  );
  return (
    <div className={compact ? undefined : "space-y-1"}>
      {!compact && (
        <span className="block text-sm font-semibold" aria-hidden="true">
          {label}
        </span>
      )}
      <details ref={detailsRef} className="group relative">
        <summary
          className={cn(
            controlClass,
            "flex h-11 cursor-pointer list-none items-center justify-between gap-2 [&::-webkit-details-marker]:hidden",
            compact ? "md:h-9 md:w-auto md:min-w-36" : "md:w-44",
          )}
        >
          <span className="whitespace-nowrap">
            <span className={compact ? undefined : "sr-only"}>{label}: </span>
            {selected.length === 0
              ? "Any"
              : selected.length === 1
                ? // One choice by its name ("Motivation: Hot"): says more, and keeps the filters on one line.
                  ([...options, ...(extra ?? [])].find((o) => o.value === selected[0])?.label ?? "1 selected")
                : `${selected.length} selected`}
          </span>
          <ChevronDown aria-hidden="true" className="size-4 transition-transform group-open:rotate-180" />
        </summary>
        <fieldset className="z-20 mt-1 rounded-xl border border-border bg-card p-3 shadow-lg md:absolute md:w-56">
          <legend className="sr-only">{label}</legend>
          {options.map(box)}
          {extra && extra.length > 0 && (
            <div className="mt-2 border-t border-border pt-2">{extra.map(box)}</div>
          )}
        </fieldset>
      </details>
    </div>
  );
}

/**
 * An open disclosure floats over the fields below it: like a menu, it closes on a click elsewhere and on
 * Escape (focus back on its summary). Without JavaScript it closes on its summary only.
 */
export function useCloseOnOutsideClick(ref: RefObject<HTMLDetailsElement | null>) {
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      const details = ref.current;
      if (details?.open && !details.contains(event.target as Node)) details.open = false;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const details = ref.current;
      if (event.key !== "Escape" || !details?.open || !details.contains(document.activeElement)) return;
      details.open = false;
      details.querySelector("summary")?.focus();
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [ref]);
}

/** A labelled date field of a filter form. */
export function FilterDate({
  id,
  name,
  label,
  value,
}: {
  id: string;
  name: string;
  label: string;
  value?: string;
}) {
  return (
    <FilterField id={id} label={label}>
      <Input id={id} name={name} type="date" defaultValue={value ?? ""} className="md:w-40" />
    </FilterField>
  );
}

/**
 * The phone's Filters button of a filter form: a nameless checkbox (never submitted) and its label, which
 * show the panel that follows them (`phoneFiltersPanel`), with CSS only, so it needs no JavaScript and the
 * first screen of a list shows leads. From the md breakpoint the panel always shows and the button hides.
 */
export function PhoneFiltersToggle({
  id,
  used,
  iconOnly = false,
}: {
  id: string;
  /** How many of the panel's filters are in use. */
  used: number;
  /** Only the icon and the count (the word for screen readers): room for a longer search box. */
  iconOnly?: boolean;
}) {
  return (
    <>
      <input id={id} type="checkbox" className="peer sr-only md:hidden" />
      <label
        htmlFor={id}
        title={iconOnly ? "Filters" : undefined}
        className={cn(
          buttonVariants({ variant: "outline", size: "field" }),
          "cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-checked:bg-muted md:hidden",
          iconOnly && "gap-1 px-3",
        )}
      >
        <SlidersHorizontal aria-hidden="true" />
        <span className={iconOnly ? "sr-only" : undefined}>Filters</span>
        {used > 0 && <span className="text-muted-foreground">({used})</span>}
      </label>
    </>
  );
}

/** The panel PhoneFiltersToggle shows on a phone (its next siblings): hidden there until ticked. */
export const phoneFiltersPanel = "max-md:hidden max-md:peer-checked:flex";

/**
 * A list's search box (spec 02 §2: applied on Enter or the Search button), submitted as `q`. Typing does
 * not submit (FilterForm): the list changes when the person is done.
 */
export function FilterSearch({
  id,
  value,
  placeholder,
  className,
  inputClassName,
}: {
  id: string;
  value: string;
  /** What the search reads, since the label is for screen readers only. */
  placeholder: string;
  className?: string;
  inputClassName?: string;
}) {
  return (
    <FilterField id={id} label="Search" hideLabel className={className}>
      <div className="flex gap-2">
        <Input
          id={id}
          name="q"
          type="search"
          defaultValue={value}
          placeholder={placeholder}
          className={cn("min-w-0 md:h-9", inputClassName)}
        />
        <Button type="submit" variant="outline" size="field" className="md:h-9">
          <Search aria-hidden="true" /> <span className="sr-only">Search</span>
        </Button>
      </div>
    </FilterField>
  );
}
