import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";

/**
 * The h1 of a page in an area (admin, client, account): one size and weight everywhere, so a change of
 * the areas' type scale is one edit. `className` adds spacing or wrapping for the page at hand.
 */
export function PageTitle({ className, ...props }: ComponentProps<"h1">) {
  return <h1 className={cn("text-3xl font-extrabold tracking-tight", className)} {...props} />;
}
