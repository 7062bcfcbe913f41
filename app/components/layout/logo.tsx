import { Link } from "react-router";
import { site } from "~/lib/site";
import { cn } from "~/lib/utils";

/** The brand: the mark and the wordmark, leading home. */
export function Logo({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  return (
    <Link
      to="/"
      className={cn("flex items-center gap-2 rounded-md", className)}
      aria-label={`${site.name} home`}
    >
      <LogoMark inverted={inverted} />
      <span
        className={cn("text-xl font-extrabold tracking-tight", inverted ? "text-white" : "text-foreground")}
      >
        {site.name}
      </span>
    </Link>
  );
}

/** The mark alone: a rising bar chart inside a house outline. */
export function LogoMark({ inverted = false, size = 32 }: { inverted?: boolean; size?: number }) {
  return (
    <svg viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" className="shrink-0">
      <rect width="32" height="32" rx="8" className={inverted ? "fill-white" : "fill-primary"} />
      <path
        d="M6 15.5 16 7l10 8.5"
        fill="none"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
        className={inverted ? "stroke-primary" : "stroke-white"}
      />
      <path
        d="M10.5 24v-4.5M16 24v-7.5M21.5 24v-10"
        strokeWidth="3"
        strokeLinecap="round"
        className="stroke-accent"
      />
    </svg>
  );
}
