import { useEffect, useRef, type ReactNode } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { site } from "~/lib/site";
import { cn } from "~/lib/utils";
import { AccountMenu } from "./account-menu";
import { Breadcrumb } from "./breadcrumb";
import { LogoMark } from "./logo";

export interface AreaLink {
  to: string;
  label: string;
  /** Active only on this exact path (the area's home). */
  end?: boolean;
  /** Things waiting in this section: shown as a badge when there are any. */
  badge?: { count: number; label: string };
}

/** The signed-in person as the frame's account menu shows them. */
export interface AreaAccount {
  name: string;
  email: string;
  /** The account page, the other area (for someone with both roles), the public site. */
  links: { to: string; label: string }[];
}

export interface AreaFrameProps {
  /** The area's name: the product name's companion in the top bar and its navigation's label. */
  label: string;
  /** The area's home, where the product name leads. */
  home: string;
  links: AreaLink[];
  /** Missing only when the area's own loader failed: the frame then has no account menu. */
  account?: AreaAccount;
  children: ReactNode;
}

const badgeText = (count: number) => (count > 99 ? "99+" : String(count));

/**
 * Scrolls the row of sections sideways (and only sideways) until `item` shows whole, with a little of
 * its neighbour: a section half past the edge is neither readable nor visibly focused.
 */
function revealInRow(list: HTMLElement, item: HTMLElement) {
  if (list.scrollWidth <= list.clientWidth) return; // the sidebar, or a row that fits
  const left = item.offsetLeft - list.offsetLeft;
  const right = left + item.offsetWidth;
  if (left < list.scrollLeft) list.scrollLeft = left - 24;
  else if (right > list.scrollLeft + list.clientWidth) list.scrollLeft = right - list.clientWidth + 24;
}

/**
 * The application frame of a signed-in area (admin, client portal), instead of the public site's header
 * and footer: a top bar with the product name and the account menu, and the area's sections as a
 * sidebar on wide screens or one scrollable row under the top bar on narrow ones. One <nav> serves both.
 */
export function AreaFrame({ label, home, links, account, children }: AreaFrameProps) {
  const row = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();

  // In the narrow layout's row, the current section may sit beyond the right edge: bring it into view.
  useEffect(() => {
    const list = row.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (list && current) revealInRow(list, current);
  }, [pathname]);

  return (
    <div className="flex min-h-screen flex-col lg:grid lg:grid-cols-[14rem_minmax(0,1fr)] lg:grid-rows-[auto_1fr]">
      <header className="sticky top-0 z-40 border-b border-border bg-background lg:col-span-2">
        <div className="flex h-12 items-center gap-3 px-4 sm:px-6 lg:h-14">
          <Link
            to={home}
            className="flex items-center gap-2 rounded-md"
            aria-label={`${site.name} ${label}: home`}
          >
            <LogoMark size={28} />
            <span className="text-lg font-extrabold tracking-tight">{site.name}</span>
            <span className="rounded bg-muted px-1.5 py-0.5 text-xs font-semibold text-muted-foreground">
              {label}
            </span>
          </Link>
          {account && (
            <div className="ml-auto">
              <AccountMenu
                name={account.name}
                email={account.email}
                links={account.links}
                signOutLabel="Sign Out"
                iconOnlyBelow="sm"
              />
            </div>
          )}
        </div>
      </header>

      <nav
        aria-label={label}
        className={cn(
          "sticky top-12 z-30 border-b border-border bg-background",
          "lg:top-14 lg:h-[calc(100dvh-3.5rem)] lg:self-start lg:overflow-y-auto lg:border-b-0 lg:border-r lg:bg-muted/40",
        )}
      >
        <ul
          ref={row}
          onFocus={(event) => revealInRow(event.currentTarget, event.target)}
          className="flex gap-1 overflow-x-auto px-2 [scrollbar-width:thin] sm:px-4 lg:flex-col lg:overflow-visible lg:p-3"
        >
          {links.map((link) => (
            <li key={link.to} className="shrink-0">
              <NavLink
                to={link.to}
                end={link.end ?? false}
                className={({ isActive }) =>
                  cn(
                    "flex items-center gap-2 whitespace-nowrap px-3 text-sm font-semibold transition-colors",
                    "-outline-offset-2 hover:text-foreground",
                    // Narrow: tabs, the current one underlined. Wide: a list, the current one filled.
                    "h-11 border-b-2 lg:h-10 lg:rounded-md lg:border-b-0 lg:hover:bg-muted",
                    isActive
                      ? "border-primary text-primary lg:bg-background lg:shadow-sm"
                      : "border-transparent text-muted-foreground",
                  )
                }
              >
                {link.label}
                {link.badge && link.badge.count > 0 && (
                  <>
                    <span
                      aria-hidden="true"
                      className="min-w-5 rounded-full bg-primary px-1.5 text-center text-xs leading-5 font-bold text-primary-foreground lg:ml-auto"
                    >
                      {badgeText(link.badge.count)}
                    </span>
                    <span className="sr-only">
                      {" "}
                      ({link.badge.count} {link.badge.label})
                    </span>
                  </>
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>

      <main id="main" className="min-w-0 flex-1 px-4 pt-5 pb-12 sm:px-6 lg:px-8 lg:pt-8">
        <div className="mx-auto max-w-7xl">
          <Breadcrumb inApp />
          {children}
        </div>
      </main>
    </div>
  );
}
