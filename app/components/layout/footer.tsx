import { Mail, MessageSquare, Phone } from "lucide-react";
import { Link } from "react-router";
import { companyLinks, paths, serviceLinks, site } from "~/lib/site";
import { Logo } from "./logo";

/** The professional network's mark (lucide has no brand icons). */
function LinkedInIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="currentColor">
      <path d="M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5ZM3 9.75h4v11H3v-11Zm6.5 0h3.8v1.5h.06c.53-1 1.83-2.06 3.77-2.06 4.03 0 4.77 2.65 4.77 6.1v5.46h-4v-4.84c0-1.16-.02-2.65-1.61-2.65-1.62 0-1.87 1.26-1.87 2.56v4.93h-4v-11Z" />
    </svg>
  );
}

function FooterLinks({ title, links }: { title: string; links: { label: string; to: string }[] }) {
  return (
    <div>
      <h2 className="text-sm font-semibold uppercase tracking-wider text-white">{title}</h2>
      <ul className="mt-4 space-y-1">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="inline-block py-1.5 text-sm text-slate-300 hover:text-white">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

const iconButtonClass = "flex size-11 items-center justify-center rounded-md bg-white/10 hover:bg-white/20";

/** The footer's two ways to reach us: both lead to the contact page. */
const contactIcons = [
  { label: "Call us: request a call back", Icon: Phone },
  { label: "Send us a message", Icon: MessageSquare },
] as const;

export function Footer({ contactEmail, year }: { contactEmail: string; year: number }) {
  return (
    <footer className="bg-slate-950 text-slate-300">
      <div className="container-page grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-4">
          <Logo inverted />
          <p className="text-sm leading-relaxed">
            {site.tagline}. Qualified motivated-seller leads for wholesalers and fix-and-flip investors across
            the {site.areaServed}.
          </p>
          <div className="flex gap-2">
            <a
              href={site.professionalNetworkUrl}
              rel="noopener noreferrer"
              target="_blank"
              aria-label={`${site.name} on LinkedIn`}
              className={iconButtonClass}
            >
              <LinkedInIcon />
            </a>
            {contactIcons.map(({ label, Icon }) => (
              <Link key={label} to={paths.contact} aria-label={label} className={iconButtonClass}>
                <Icon className="size-5" aria-hidden="true" />
              </Link>
            ))}
          </div>
        </div>
        <FooterLinks title="Services" links={serviceLinks} />
        <FooterLinks title="Company" links={companyLinks} />
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wider text-white">Get started</h2>
          <ul className="mt-4 space-y-3 text-sm">
            {/* Without the root's data (an error page whose root loader failed) there is no address. */}
            {contactEmail && (
              <li>
                <a
                  href={`mailto:${contactEmail}`}
                  className="inline-flex items-center gap-2 py-1 hover:text-white"
                >
                  <Mail className="size-4" aria-hidden="true" />
                  {contactEmail}
                </a>
              </li>
            )}
            <li>
              <Link
                to={paths.contact}
                className="block rounded-md border border-white/15 p-3 hover:border-white/40"
              >
                <span className="block font-semibold text-white">90-day outcome sprint</span>
                <span className="text-slate-300">A fixed 90-day plan with lead targets agreed up front.</span>
              </Link>
            </li>
            <li>
              <Link
                to={paths.contact}
                className="block rounded-md border border-white/15 p-3 hover:border-white/40"
              >
                <span className="block font-semibold text-white">Book a demo</span>
                <span className="text-slate-300">
                  See the lead dashboard and a sample of qualified leads.
                </span>
              </Link>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="container-page flex flex-col gap-2 py-6 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p>
            &copy; {year} {site.name}. All rights reserved.
          </p>
          <p>Serving real estate investors across the {site.areaServed}.</p>
        </div>
      </div>
    </footer>
  );
}
