import { Form, NavLink, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { Button } from "~/components/ui/button";
import { requireRole } from "~/features/auth/access.server";
import { noStoreHeaders } from "~/features/auth/seo";
import { cn } from "~/lib/utils";

/** The admin area's frame: its navigation and a Sign Out button (spec 01 §2: Sign Out returns to /). */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireRole(request, "admin");
  return { email: actor.email };
}

export const headers: Route.HeadersFunction = () => noStoreHeaders;

const adminNav = [
  { to: "/admin", label: "Dashboard", end: true },
  { to: "/admin/leads", label: "Leads", end: false },
  { to: "/admin/users", label: "Users", end: false },
];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container-page py-8">
      <div className="flex flex-wrap items-center justify-between gap-4 border-b border-border pb-4">
        <nav aria-label="Admin">
          <ul className="flex flex-wrap gap-1">
            {adminNav.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.end}
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
          <span className="hidden sm:inline">{loaderData.email}</span>
          <Form method="post" action="/auth/sign-out">
            <Button type="submit" variant="outline" size="sm">
              Sign Out
            </Button>
          </Form>
        </div>
      </div>
      <div className="mt-8">
        <Outlet />
      </div>
    </div>
  );
}
