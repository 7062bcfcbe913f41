/**
 * The devices the user is signed in on (/account), with "Sign out other sessions": a plain POST that
 * works without JavaScript (the answer then shows as an inline status instead of a toast).
 */
import { Form } from "react-router";
import { useToast } from "~/lib/toast";
import { Button } from "~/components/ui/button";
import { FormStatus } from "~/components/ui/form-status";
import { LocalTime } from "~/components/ui/local-time";
import { useHydrated } from "~/lib/use-hydrated";
import { SIGN_OUT_OTHERS_INTENT, type SessionItem, type SessionsActionResult } from "../sessions.schema";
import { useSending } from "~/lib/use-sending";

export function SessionList({
  sessions,
  result,
}: {
  sessions: SessionItem[];
  result: SessionsActionResult | undefined;
}) {
  const hydrated = useHydrated();
  useToast(result?.toast);
  const signingOut = useSending({ intent: SIGN_OUT_OTHERS_INTENT }, "reloaded");
  const others = sessions.filter((item) => !item.current).length;

  return (
    <section aria-labelledby="sessions-heading" className="mt-8 border-t border-border pt-6">
      <h2 id="sessions-heading" className="text-lg font-bold">
        Where you&apos;re signed in
      </h2>
      {!hydrated && result && (
        <div className="mt-4">
          <FormStatus toast={result.toast} />
        </div>
      )}
      <ul className="mt-4 space-y-3" aria-label="Your sessions">
        {sessions.map((item) => (
          <li key={item.id} className="rounded-lg border border-border p-4 text-sm">
            <p className="flex flex-wrap items-center gap-2 font-semibold text-foreground">
              {item.device}
              {item.current && (
                <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
                  This device
                </span>
              )}
            </p>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-muted-foreground">
              <dt>IP address</dt>
              <dd className="text-foreground">{item.ipAddress || "Unknown"}</dd>
              <dt>Signed in</dt>
              <dd className="text-foreground">
                <LocalTime iso={item.createdAt} />
              </dd>
              <dt>Last active</dt>
              <dd className="text-foreground">
                <LocalTime iso={item.lastActiveAt} />
              </dd>
            </dl>
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <Form method="post" className="mt-4" aria-label="Sign out other sessions">
          <input type="hidden" name="intent" value={SIGN_OUT_OTHERS_INTENT} />
          <Button type="submit" variant="outline" pending={signingOut}>
            {signingOut ? "Signing out..." : "Sign out other sessions"}
          </Button>
        </Form>
      ) : (
        <p className="mt-4 text-sm text-muted-foreground">You&apos;re not signed in anywhere else.</p>
      )}
    </section>
  );
}
