import { Menu, X } from "lucide-react";
import { useState } from "react";
import { NavLink } from "react-router";
import { Button } from "~/components/ui/button";
import { mainNav, paths } from "~/features/site-content/site";
import { cn } from "~/lib/utils";
import { Logo } from "./logo";

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-muted hover:text-foreground",
    isActive ? "text-primary" : "text-muted-foreground",
  );

export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const close = () => setMenuOpen(false);

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
          <Button asChild variant="accent" className="hidden lg:inline-flex">
            <NavLink to={paths.contact}>Book a Free Consultation</NavLink>
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X className="size-6!" /> : <Menu className="size-6!" />}
          </Button>
        </div>
      </div>
      {menuOpen && (
        <nav id="mobile-menu" aria-label="Mobile" className="border-t border-border bg-background lg:hidden">
          <ul className="container-page flex flex-col gap-1 py-3">
            {mainNav.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={cn(navLinkClass, "block py-3 text-base")} onClick={close}>
                  {link.label}
                </NavLink>
              </li>
            ))}
            <li className="pt-2">
              <Button asChild variant="accent" size="lg" className="w-full">
                <NavLink to={paths.contact} onClick={close}>
                  Book a Free Consultation
                </NavLink>
              </Button>
            </li>
          </ul>
        </nav>
      )}
    </header>
  );
}
