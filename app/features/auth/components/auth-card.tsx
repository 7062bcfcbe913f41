import type { ReactNode } from "react";
import { PageTitle } from "~/components/ui/page-title";

/** The frame of the account pages: a heading, a short lead and one card. */
export function AuthCard({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="container-page flex justify-center py-12 sm:py-16">
      <div className="w-full max-w-lg">
        <PageTitle className="text-center">{title}</PageTitle>
        {lead && <p className="mt-2 text-center text-muted-foreground">{lead}</p>}
        <div className="mt-8 rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8">{children}</div>
      </div>
    </section>
  );
}
