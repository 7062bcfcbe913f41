import { WifiOff } from "lucide-react";
import { Button } from "~/components/ui/button";
import { offlineWords } from "~/lib/offline";
import { cn } from "~/lib/utils";

/**
 * An error boundary's answer to a navigation that could not reach the server (ADR 050): the offline
 * page's words, and its Try again, which reloads the address asked for (the portal's worker then shows
 * the offline page, or the page itself once the network is back).
 */
export function OfflineNotice({
  inFrame = false,
}: {
  /** Inside an area's frame, which pads its page. */ inFrame?: boolean;
}) {
  return (
    <section
      aria-labelledby="offline-heading"
      className={cn(
        "flex flex-col items-center justify-center text-center",
        inFrame ? "py-12" : "container-page min-h-[60vh] py-20",
      )}
    >
      <WifiOff className="size-12 text-primary" aria-hidden="true" />
      <h1 id="offline-heading" className="mt-4 text-3xl font-bold tracking-tight">
        {offlineWords.title}
      </h1>
      {offlineWords.paragraphs.map((text) => (
        <p key={text} className="mt-3 max-w-md text-muted-foreground">
          {text}
        </p>
      ))}
      <Button type="button" size="lg" className="mt-8" onClick={() => window.location.reload()}>
        {offlineWords.retry}
      </Button>
    </section>
  );
}
