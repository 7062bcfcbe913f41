import { LocalTime } from "~/components/ui/local-time";
import { labelOf, notInterestedReasons } from "~/db/enums";
import { clientDisplayName, formatMoney } from "../lead-format";
import { FeedbackBadge } from "./badges";
import { Card, Facts, orNone } from "./lead-card";
import type { LeadView } from "./lead-view";

/** What the assigned client said: status, reviewed-at and notes (spec 02 §2). */
export function FeedbackTab({ lead }: { lead: LeadView }) {
  if (!lead.client) {
    return (
      <p className="rounded-2xl border border-dashed border-border p-10 text-center text-muted-foreground">
        This lead is not assigned to a client yet
      </p>
    );
  }
  return (
    <Card title={`Client Feedback: ${clientDisplayName(lead.client)}`} className="max-w-3xl">
      <Facts
        items={[
          ["Status", <FeedbackBadge key="s" value={lead.clientFeedbackStatus} />],
          [
            "Reviewed",
            lead.clientReviewedAt ? (
              <LocalTime key="r" iso={lead.clientReviewedAt} style="long" />
            ) : (
              <span className="text-muted-foreground">Not reviewed yet</span>
            ),
          ],
          ...(lead.notInterestedReason
            ? [
                ["Why not interested", labelOf(notInterestedReasons, lead.notInterestedReason)] as [
                  string,
                  string,
                ],
              ]
            : []),
          ...(lead.dealPurchasePrice !== null || lead.dealProfit !== null
            ? [
                ["Deal purchase price", formatMoney(lead.dealPurchasePrice)] as [string, string],
                ["Deal profit or fee", formatMoney(lead.dealProfit)] as [string, string],
              ]
            : []),
        ]}
      />
      <h3 className="mt-4 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
        Client notes
      </h3>
      <p className="mt-0.5 whitespace-pre-line break-words">{orNone(lead.clientNotes)}</p>
    </Card>
  );
}
