import { NativeSelect } from "~/components/ui/native-select";

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
