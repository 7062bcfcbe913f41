import type { Route } from "./+types/lead";
import type { CrumbHandle } from "~/components/layout/breadcrumb";
import { BackLink } from "~/components/ui/back-link";
import { labelOf, propertyTypes } from "~/db/enums";
import { requireArea } from "~/features/auth/access.server";
import { noStoreHeaders, privatePageMeta } from "~/features/auth/seo";
import { FeedbackCard, PreviousNotes } from "~/features/leads/components/client-feedback";
import { Card, Facts, FinancialFacts, MotivationFacts } from "~/features/leads/components/lead-card";
import { fullAddress, leadTitle } from "~/features/leads/components/lead-view";
import { Timeline } from "~/features/leads/components/timeline";
import { getClientLead } from "~/features/leads/client-leads.server";
import { ReturnCard } from "~/features/leads/components/return-card";
import {
  handleClientLeadPost,
  type ClaimReply,
  type ReturnReply,
} from "~/features/leads/returns/return-actions.server";
import { returnStanding } from "~/features/leads/returns/returns.server";
import { formatPhone } from "~/features/leads/lead-format";
import { notFound } from "~/lib/not-found";
import { PageTitle } from "~/components/ui/page-title";
import { Button } from "~/components/ui/button";
import { MapPin, MessageSquare, Phone } from "lucide-react";
import { can } from "~/lib/permissions";
import { ClaimCard } from "~/features/leads/components/claim-card";

export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requireArea(request, "client");
  const lead = await getClientLead(actor, params.id);
  // Someone else's lead is as missing as an unknown one: the portal's error boundary says so, with 404.
  if (!lead) throw notFound("Lead not found");
  return {
    lead,
    returnStanding: await returnStanding(actor, lead.id),
    canRelease: can(actor, "team:manage:own"),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireArea(request, "client");
  return handleClientLeadPost(request, actor, params.id);
}

export const headers: Route.HeadersFunction = () => noStoreHeaders;

export const handle: CrumbHandle = { crumb: leadTitle };

export const meta: Route.MetaFunction = ({ data }) => privatePageMeta(leadTitle(data));

/** The address in the phone's map app (or Google Maps in a browser). */
const mapLink = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

export default function ClientLead({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, returnStanding, canRelease } = loaderData;
  // The page holds three forms: each takes only the answers meant for it.
  const intent = actionData && "intent" in actionData ? actionData.intent : undefined;
  const returnReply = intent === "return" ? (actionData as ReturnReply) : undefined;
  const claimReply = intent === "claim" ? (actionData as ClaimReply) : undefined;
  const feedbackReply = actionData && !("intent" in actionData) ? actionData : undefined;
  return (
    <section aria-labelledby="lead-heading">
      <BackLink to="/client/leads">Back to My Leads</BackLink>
      <PageTitle id="lead-heading" className="mt-3">
        {lead.firstName} {lead.lastName}
      </PageTitle>
      <p className="mt-1 text-muted-foreground">{fullAddress(lead)}</p>
      {/* The seller first (issue 26): on a phone, one tap to call, text or find the house. */}
      <nav aria-label="Reach the seller" className="mt-4 flex flex-wrap gap-2">
        <Button asChild>
          <a href={`tel:${lead.phone}`}>
            <Phone aria-hidden="true" /> Call <span className="sr-only">{formatPhone(lead.phone)}</span>
          </a>
        </Button>
        <Button asChild variant="outline">
          <a href={`sms:${lead.phone}`}>
            <MessageSquare aria-hidden="true" /> Text
          </a>
        </Button>
        <Button asChild variant="outline">
          <a href={mapLink(fullAddress(lead))} target="_blank" rel="noopener noreferrer">
            <MapPin aria-hidden="true" /> Map <span className="sr-only">(opens in a new tab)</span>
          </a>
        </Button>
      </nav>
      <div className="mt-6 grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="space-y-6">
          <Card title="Contact">
            <Facts
              items={[
                [
                  "Phone",
                  <a key="p" href={`tel:${lead.phone}`} className="text-primary hover:underline">
                    {formatPhone(lead.phone)}
                  </a>,
                ],
                [
                  "Email",
                  lead.email ? (
                    <a key="e" href={`mailto:${lead.email}`} className="text-primary hover:underline">
                      {lead.email}
                    </a>
                  ) : (
                    <span className="text-muted-foreground">Not given</span>
                  ),
                ],
              ]}
            />
          </Card>
          <Card title="Property">
            <Facts
              items={[
                ["Address", fullAddress(lead)],
                ["Property type", labelOf(propertyTypes, lead.propertyType)],
              ]}
            />
          </Card>
          <Card title="Motivation & Situation">
            <MotivationFacts lead={lead} />
            {lead.situationNotes && (
              <p className="mt-4 whitespace-pre-line break-words">{lead.situationNotes}</p>
            )}
          </Card>
          <Card title="Financial Details">
            <FinancialFacts lead={lead} />
          </Card>
          <Card title="Activity Timeline">
            <Timeline entries={lead.activities} emptyText="No activities yet" />
          </Card>
        </div>
        {/* On a phone the feedback buttons come first: they are what the client came to use. */}
        <div className="order-first space-y-6 lg:order-none">
          <FeedbackCard
            status={lead.clientFeedbackStatus}
            reason={lead.notInterestedReason}
            notes={lead.clientNotes}
            result={feedbackReply}
          />
          <ClaimCard claim={lead.claim} canRelease={canRelease} reply={claimReply} />
          <ReturnCard standing={returnStanding} reply={returnReply} />
          <PreviousNotes notes={lead.previousNotes} />
        </div>
      </div>
    </section>
  );
}
