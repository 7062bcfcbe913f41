import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";
import { controlClass } from "./input";

/** A styled native select: works without JavaScript and with every assistive technology. */
export function NativeSelect({ className, ...props }: ComponentProps<"select">) {
  return <select className={cn(controlClass, "h-11 appearance-auto", className)} {...props} />;
}

/**
 * The `<option>`s of a value/label table (the enums, a list of clients) inside a NativeSelect, after an
 * empty-valued `placeholder` option when there is one ("Choose a client", "All motivations").
 */
export function SelectOptions({
  options,
  placeholder,
}: {
  options: readonly { value: string; label: string }[];
  placeholder?: string;
}) {
  return (
    <>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </>
  );
}
