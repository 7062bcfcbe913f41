import type { ReactNode } from "react";
import { Form, NavLink } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";

export interface AreaLink {
  to: string;
  label: string;
  /** Active only on this exact path (the area's home). */
  end?: boolean;
}

/** The frame of a signed-in area (admin, client portal): its navigation, who is signed in, Sign Out. */
export function AreaFrame({
  label,
  links,
  who,
  children,
}: {
  label: string;
  links: AreaLink[];
  who: string;
  children: ReactNode;
}) {
  return (
    <div className="container-page py-8">
      <div className="flex flex-wrap items-center justify-between gap-4 border-b border-border pb-4">
        <nav aria-label={label}>
          <ul className="flex flex-wrap gap-1">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.end ?? false}
                  className={({ isActive }) =>
                    cn(
                      "block rounded-md px-3 py-2 text-sm font-semibold transition-colors hover:bg-muted",
                      isActive ? "bg-muted text-primary" : "text-muted-foreground",
                    )
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-3 text-sm text-muted-foreground">
          <span className="hidden sm:inline">{who}</span>
          <Form method="post" action="/auth/sign-out">
            <Button type="submit" variant="outline" size="sm">
              Sign Out
            </Button>
          </Form>
        </div>
      </div>
      <div className="mt-8">{children}</div>
    </div>
  );
}
