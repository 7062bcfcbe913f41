import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";
import { controlClass } from "./input";

/** A styled native select: works without JavaScript and with every assistive technology. */
export function NativeSelect({ className, ...props }: ComponentProps<"select">) {
  return <select className={cn(controlClass, "h-11 appearance-auto", className)} {...props} />;
}

/** The `<option>`s of a value/label table (the enums, a list of clients) inside a NativeSelect. */
export function SelectOptions({ options }: { options: readonly { value: string; label: string }[] }) {
  return options.map((o) => (
    <option key={o.value} value={o.value}>
      {o.label}
    </option>
  ));
}
