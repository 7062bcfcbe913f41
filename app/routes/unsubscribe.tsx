/**
 * /unsubscribe?token=...: the link in a notification's footer and List-Unsubscribe header (RFC 8058).
 * GET shows what stops and a button (never unsubscribes: scanners prefetch links); POST, from that button
 * or from a mail client's one-click "Unsubscribe" (body List-Unsubscribe=One-Click), takes effect at once
 * and answers 200. No sign-in: the token is signed by the server. A token that is not ours: 400.
 */
import { data, Form, Link, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { AuthCard } from "~/features/auth/components/auth-card";
import { noStoreHeaders, privatePageMeta } from "~/features/auth/seo";
import { unsubscribe, unsubscribeTarget } from "~/features/auth/unsubscribe.server";
import { Button } from "~/components/ui/button";

const INVALID = "This unsubscribe link is not valid. Change your e-mail notifications on your account page.";

export function loader({ request }: Route.LoaderArgs) {
  const target = unsubscribeTarget(new URL(request.url));
  return target ? { target } : data({ target: null }, { status: 400 });
}

export async function action({ request }: Route.ActionArgs) {
  const target = unsubscribeTarget(new URL(request.url));
  if (!target || !(await unsubscribe(target.token))) return data({ done: false }, { status: 400 });
  return { done: true };
}

export const headers: Route.HeadersFunction = () => noStoreHeaders;

export const meta: Route.MetaFunction = () => privatePageMeta("Unsubscribe");

export default function Unsubscribe() {
  const { target } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  if (!target || result?.done === false) {
    return (
      <AuthCard title="Unsubscribe">
        <p role="alert">{INVALID}</p>
        <p className="mt-4">
          <Link
            to="/account#notifications"
            className="font-semibold text-primary underline underline-offset-4"
          >
            Your e-mail notifications
          </Link>
        </p>
      </AuthCard>
    );
  }
  if (result?.done) {
    return (
      <AuthCard title="You are unsubscribed">
        <p role="status">We will not send you {target.what} any more.</p>
        <p className="mt-4 text-sm text-muted-foreground">
          Changed your mind? Turn them back on in{" "}
          <Link
            to="/account#notifications"
            className="font-semibold text-primary underline underline-offset-4"
          >
            your e-mail notifications
          </Link>
          .
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Unsubscribe">
      <p>Stop {target.what}?</p>
      <Form method="post" className="mt-6">
        <Button type="submit">Unsubscribe</Button>
      </Form>
      <p className="mt-4 text-sm text-muted-foreground">
        Or choose what you get in{" "}
        <Link to="/account#notifications" className="font-semibold text-primary underline underline-offset-4">
          your e-mail notifications
        </Link>
        .
      </p>
    </AuthCard>
  );
}
