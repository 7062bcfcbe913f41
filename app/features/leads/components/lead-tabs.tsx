import { Link } from "react-router";
import { cn } from "~/lib/utils";
import type { LeadView } from "./lead-view";

/** The admin lead page's sections; the open one lives in the URL (?tab=), so each works without JavaScript. */
export const leadTabs = [
  { id: "overview", label: "Overview" },
  { id: "activity", label: "Activity Timeline" },
  { id: "documents", label: "Documents" },
  { id: "feedback", label: "Client Feedback" },
] as const;
export type LeadTab = (typeof leadTabs)[number]["id"];

/** The current query with `name` added (or removed): the tab stays when the dialog opens or closes. */
export function withParam(params: URLSearchParams, name: string, on = true) {
  const next = new URLSearchParams(params);
  if (on) next.set(name, "");
  else next.delete(name);
  return next.toString().replace(/=(&|$)/g, "$1");
}

/** The section links, with the number of activities and documents. */
export function LeadTabs({ active, lead }: { active: LeadTab; lead: LeadView }) {
  const counts: Partial<Record<LeadTab, number>> = {
    activity: lead.activities.length,
    documents: lead.documents.length,
  };
  return (
    <nav aria-label="Lead sections" className="mt-6 flex gap-1 overflow-x-auto border-b border-border">
      {leadTabs.map((tab) => (
        <Link
          key={tab.id}
          to={`?tab=${tab.id}`}
          preventScrollReset
          aria-current={active === tab.id ? "page" : undefined}
          className={cn(
            "-mb-px whitespace-nowrap border-b-2 px-4 py-3 text-sm font-semibold",
            active === tab.id
              ? "border-primary text-primary"
              : "border-transparent text-muted-foreground hover:text-foreground",
          )}
        >
          {tab.label}
          {counts[tab.id] !== undefined && (
            <span className="ml-1.5 rounded-full bg-muted px-2 py-0.5 text-xs">{counts[tab.id]}</span>
          )}
        </Link>
      ))}
    </nav>
  );
}
