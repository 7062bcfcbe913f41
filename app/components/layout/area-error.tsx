import { isRouteErrorResponse, useLocation } from "react-router";
import { BackLink } from "~/components/ui/back-link";
import { AreaFrame, type AreaFrameProps } from "./area-frame";
import { PageTitle } from "~/components/ui/page-title";
import { browserOnline, isNetworkFailure, offlineWords } from "~/lib/offline";
import { OfflineNotice } from "./offline-notice";

/**
 * What a failed page of a signed-in area says, and its page title (ADR 015); a page the network could
 * not bring is offline, not failed (ADR 050).
 */
export function describeAreaError(
  error: unknown,
  online = browserOnline(),
): { status: number; title: string; text?: string; offline?: true } {
  if (isNetworkFailure(error, online)) return { status: 0, title: offlineWords.title, offline: true };
  if (!isRouteErrorResponse(error)) return { status: 500, title: "Something went wrong" };
  const message = typeof error.data === "string" ? error.data.trim() : "";
  // A thrown notFound("Lead not found") names what is missing; the data layer's refusal says why.
  if (error.status === 404) return { status: 404, title: message || "Page not found" };
  if (error.status === 403) return { status: 403, title: "Access Denied", text: message || undefined };
  return { status: error.status, title: "Something went wrong" };
}

export interface AreaErrorProps {
  error: unknown;
  /** The area's list: where the reader goes from a record that is not there. */
  back: { to: string; label: string };
  /** Why a record may be missing in this area. */
  notFoundHint: string;
}

/** The failed page's place in the frame: a missing record (404), a refusal (403), or anything else. */
export function AreaError({ error, back, notFoundHint }: AreaErrorProps) {
  const { status, title, text, offline } = describeAreaError(error);
  const { pathname, search } = useLocation();
  if (offline) return <OfflineNotice inFrame />;
  const failed = status !== 404 && status !== 403;
  return (
    <section aria-labelledby="area-error-heading">
      <BackLink to={back.to}>{back.label}</BackLink>
      <PageTitle id="area-error-heading" className="mt-4">
        {title}
      </PageTitle>
      <p className="mt-2 text-muted-foreground">
        {status === 404
          ? notFoundHint
          : status === 403
            ? (text ?? "You may not open this page.")
            : "The page could not be loaded. Please try again in a moment."}
      </p>
      {failed && (
        // A plain link: it loads the page again from the server, with or without JavaScript.
        <a
          href={pathname + search}
          className="mt-4 inline-block font-semibold text-primary underline underline-offset-4"
        >
          Try again
        </a>
      )}
    </section>
  );
}

/**
 * A signed-in area's error boundary: the area's frame stays (its navigation, and its account menu unless
 * the frame's own loader failed) and the failed page's place says what happened.
 */
export function AreaErrorPage({
  frame,
  ...page
}: AreaErrorProps & { frame: Omit<AreaFrameProps, "children"> }) {
  return (
    <AreaFrame {...frame}>
      <AreaError {...page} />
    </AreaFrame>
  );
}
