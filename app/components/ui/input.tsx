import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";

export const controlClass =
  "w-full rounded-md border border-slate-300 bg-background px-3 py-2 text-base shadow-sm placeholder:text-slate-500 focus-visible:border-ring focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40 disabled:opacity-60 aria-invalid:border-destructive aria-invalid:ring-destructive/20";

export function Input({ className, type, ...props }: ComponentProps<"input">) {
  return <input type={type} className={cn(controlClass, type !== "file" && "h-11", className)} {...props} />;
}
