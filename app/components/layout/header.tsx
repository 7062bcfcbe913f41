import { Menu, X } from "lucide-react";
import { useRef, useState } from "react";
import { useDismissableDetails } from "~/lib/use-dismissable-details";
import { NavLink } from "react-router";
import { Button } from "~/components/ui/button";
import { mainNav, paths } from "~/lib/site";
import { cn } from "~/lib/utils";
import { AccountMenu, accountLinks, areaLinks, SignOutForm, type HeaderAccount } from "./account-menu";
import { Logo } from "./logo";

const linkTone = (isActive: boolean) => (isActive ? "text-primary" : "text-muted-foreground");
const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-muted hover:text-foreground",
    linkTone(isActive),
  );
/** The mobile menu's larger touch targets. */
const mobileLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "block rounded-md px-3 py-3 text-base font-medium transition-colors hover:bg-muted hover:text-foreground",
    linkTone(isActive),
  );

/** The site header; `account` is the signed-in visitor (from the root loader), or null. */
export function Header({ account = null }: { account?: HeaderAccount | null }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const close = () => setMenuOpen(false);
  const menu = useRef<HTMLDetailsElement>(null);
  useDismissableDetails(menu);

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          {mainNav.map((link) => (
            <NavLink key={link.to} to={link.to} className={navLinkClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          {/* A signed-in person's own area, one click away at every width (a second one, for someone
              with both roles, is in the menu on a phone: the bar has room for one). */}
          {account &&
            areaLinks(account.areas).map((link, index) => (
              <Button
                key={link.to}
                asChild
                variant="outline"
                size="sm"
                className={cn(index > 0 && "max-sm:hidden")}
              >
                <NavLink to={link.to}>{link.label}</NavLink>
              </Button>
            ))}
          <div className="hidden lg:block">
            <Button asChild variant="accent">
              <NavLink to={paths.contact}>Book a Free Consultation</NavLink>
            </Button>
          </div>
          <div className="hidden lg:block">
            {account ? (
              <AccountMenu
                name={account.name}
                email={account.email}
                links={accountLinks(account)}
                iconOnlyBelow="xl"
              />
            ) : (
              <NavLink to={paths.auth} className={(state) => cn(navLinkClass(state), "whitespace-nowrap")}>
                Sign in
              </NavLink>
            )}
          </div>
          {/* A native disclosure: it opens and closes without JavaScript too. */}
          <details
            ref={menu}
            className="group lg:hidden"
            open={menuOpen}
            onToggle={(event) => setMenuOpen(event.currentTarget.open)}
          >
            <summary
              aria-label="Menu"
              className="flex size-10 cursor-pointer list-none items-center justify-center rounded-md hover:bg-muted [&::-webkit-details-marker]:hidden"
            >
              <Menu className="size-6 group-open:hidden" aria-hidden="true" />
              <X className="hidden size-6 group-open:block" aria-hidden="true" />
            </summary>
            <nav
              aria-label="Mobile"
              className="absolute inset-x-0 top-16 border-y border-border bg-background shadow-md"
            >
              <ul className="container-page flex flex-col gap-1 py-3">
                {mainNav.map((link) => (
                  <li key={link.to}>
                    <NavLink to={link.to} className={mobileLinkClass} onClick={close}>
                      {link.label}
                    </NavLink>
                  </li>
                ))}
                {account ? (
                  <li className="mt-2 border-t border-border pt-2">
                    <p className="px-3 py-2 text-sm text-muted-foreground">
                      Signed in as{" "}
                      <span className="font-semibold text-foreground">{account.name || account.email}</span>
                    </p>
                    <ul className="flex flex-col gap-1">
                      {accountLinks(account).map((link) => (
                        <li key={link.to}>
                          <NavLink to={link.to} className={mobileLinkClass} onClick={close}>
                            {link.label}
                          </NavLink>
                        </li>
                      ))}
                      <li>
                        <SignOutForm
                          onSubmit={close}
                          className={cn(
                            "flex w-full items-center gap-2 rounded-md px-3 py-3 text-left text-base font-medium",
                            "text-muted-foreground transition-colors hover:bg-muted hover:text-foreground",
                          )}
                        />
                      </li>
                    </ul>
                  </li>
                ) : (
                  <li>
                    <NavLink to={paths.auth} className={mobileLinkClass} onClick={close}>
                      Sign in
                    </NavLink>
                  </li>
                )}
                <li className="pt-2">
                  <Button asChild variant="accent" size="lg" className="w-full">
                    <NavLink to={paths.contact} onClick={close}>
                      Book a Free Consultation
                    </NavLink>
                  </Button>
                </li>
              </ul>
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}
