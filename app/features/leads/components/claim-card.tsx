import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormStatus } from "~/components/ui/form-status";
import type { ClaimReply } from "../returns/return-actions.server";

/**
 * Who on the company's team works this lead (issue 26): take it ("mine"), or let it go again. Owners may
 * let go of a lead a teammate took; nobody takes a lead someone else already has.
 */
export function ClaimCard({
  claim,
  canRelease,
  reply,
}: {
  claim: { mine: boolean; by: string } | null;
  /** Whether the actor may let go of a teammate's claim (the team's owners). */
  canRelease: boolean;
  reply?: ClaimReply;
}) {
  const navigation = useNavigation();
  const intent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const action = !claim ? "claim" : claim.mine || canRelease ? "release" : null;
  return (
    <section
      aria-labelledby="claim-heading"
      className="rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6"
    >
      <h2 id="claim-heading" className="text-lg font-bold">
        Who works this lead
      </h2>
      <FormStatus toast={reply?.toast} />
      <p className="mt-2 text-sm text-muted-foreground">
        {!claim
          ? "Nobody on your team has taken this lead yet."
          : claim.mine
            ? "You have taken this lead."
            : `${claim.by} has taken this lead.`}
      </p>
      {action && (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value={action} />
          <Button
            type="submit"
            variant={action === "claim" ? "default" : "outline"}
            pending={intent === action}
          >
            {action === "claim"
              ? intent === action
                ? "Taking..."
                : "Take this lead"
              : intent === action
                ? "Releasing..."
                : "Release"}
          </Button>
        </Form>
      )}
    </section>
  );
}
