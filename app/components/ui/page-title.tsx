import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";

const sizes = {
  page: "text-3xl",
  /** A working list whose rows matter more than its title (the lead list). */
  compact: "text-xl sm:text-2xl",
} as const;

/**
 * The h1 of a page in an area (admin, client, account): one weight and scale everywhere, so a change of
 * the areas' type is one edit. `className` adds spacing or wrapping, never a size (classes are not
 * merged: lib/utils): sizes come from `size`.
 */
export function PageTitle({
  className,
  size = "page",
  ...props
}: ComponentProps<"h1"> & { size?: keyof typeof sizes }) {
  return <h1 className={cn("font-extrabold tracking-tight", sizes[size], className)} {...props} />;
}
