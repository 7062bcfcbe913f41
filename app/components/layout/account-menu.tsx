import { ChevronDown, LogOut, UserRound } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useLocation } from "react-router";
import { cn } from "~/lib/utils";
import { useDismissableDetails } from "~/lib/use-dismissable-details";

/** The signed-in visitor as the header shows them. */
export interface HeaderAccount {
  name: string;
  email: string;
  /** The signed-in areas the visitor may enter. */
  areas: { admin: boolean; client: boolean };
}

export function accountLinks(account: HeaderAccount) {
  return [
    { to: "/account", label: "Account" },
    ...(account.areas.client ? [{ to: "/client", label: "My Leads" }] : []),
    ...(account.areas.admin
      ? [
          { to: "/admin", label: "Admin" },
          { to: "/admin/leads", label: "Lead Management" },
        ]
      : []),
  ];
}

/** The signed-in areas the visitor may enter, each one click from the public header. */
export function areaLinks(areas: HeaderAccount["areas"]) {
  return [
    ...(areas.admin ? [{ to: "/admin", label: "Admin" }] : []),
    ...(areas.client ? [{ to: "/client", label: "Your portal" }] : []),
  ];
}

/** Sign-out is a POST (a link would let any page sign the visitor out). */
export function SignOutForm({
  className,
  onSubmit,
  label = "Sign out",
}: {
  className?: string;
  onSubmit?: () => void;
  label?: string;
}) {
  return (
    <Form method="post" action="/auth/sign-out" onSubmit={onSubmit}>
      <button type="submit" className={className}>
        <LogOut className="size-4" aria-hidden="true" />
        {label}
      </button>
    </Form>
  );
}

const nameHiddenBelow = { sm: "max-sm:sr-only", xl: "max-xl:sr-only" } as const;

const itemClass =
  "flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm font-medium text-foreground hover:bg-muted";

/**
 * The account menu: a disclosure (works without JavaScript), closed again on navigation, Escape (focus
 * back on its button) or a click elsewhere. `iconOnlyBelow` shows only the icon on narrower screens, where
 * the bar has no room for the name (it stays the button's accessible name).
 */
export function AccountMenu({
  name,
  email,
  links,
  signOutLabel,
  iconOnlyBelow,
}: {
  name: string;
  email: string;
  links: { to: string; label: string }[];
  signOutLabel?: string;
  iconOnlyBelow?: "sm" | "xl";
}) {
  const details = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  useEffect(() => {
    if (details.current) details.current.open = false;
  }, [location]);

  useDismissableDetails(details);

  return (
    <details ref={details} className="group relative">
      <summary
        className={cn(
          "flex cursor-pointer list-none items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground",
          "hover:bg-muted hover:text-foreground [&::-webkit-details-marker]:hidden",
        )}
      >
        <UserRound className="size-5" aria-hidden="true" />
        <span className={cn("max-w-40 truncate", iconOnlyBelow && nameHiddenBelow[iconOnlyBelow])}>
          {name || email}
        </span>
        <span className="sr-only">: account menu</span>
        <ChevronDown className="size-4 transition-transform group-open:rotate-180" aria-hidden="true" />
      </summary>
      <div className="absolute right-0 z-50 mt-2 w-64 rounded-lg border border-border bg-background p-2 shadow-lg">
        <div className="border-b border-border px-3 pb-2 pt-1">
          {name && <p className="truncate text-sm font-semibold">{name}</p>}
          <p className="truncate text-sm text-muted-foreground">{email}</p>
        </div>
        <ul className="py-1">
          {links.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className={itemClass}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
        <div className="border-t border-border pt-1">
          <SignOutForm className={itemClass} label={signOutLabel} />
        </div>
      </div>
    </details>
  );
}
