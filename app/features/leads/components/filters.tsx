import { useRef, type ReactNode } from "react";
import { Form, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/native-select";
import { useFieldsFollowUrl } from "~/lib/use-fields-follow-url";
import { useHydrated } from "~/lib/use-hydrated";

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
  /** The URL's current value of each field, by name. */
  values: Record<string, string>;
  label: string;
  className: string;
  children: ReactNode;
  after?: ReactNode;
  role?: "search";
}) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  useFieldsFollowUrl(formRef, values);
  return (
    <Form
      ref={formRef}
      method="get"
      role={role}
      aria-label={label}
      className={className}
      onChange={(event) => {
        if ((event.target as HTMLElement).tagName === "SELECT") submit(event.currentTarget);
      }}
    >
      {children}
      {!hydrated && (
        <Button type="submit" variant="outline" size="field">
          Apply filters
        </Button>
      )}
      {after}
    </Form>
  );
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
}: {
  id: string;
  name: string;
  label: string;
  allLabel: string;
  value: string | undefined;
  options: readonly { value: string; label: string }[];
  className?: string;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <NativeSelect id={id} name={name} defaultValue={value ?? ""} className={className}>
        <option value="">{allLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
