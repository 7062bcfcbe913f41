import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";

/**
 * Listens to a server-sent event stream and reloads the page's data whenever `eventName` arrives, so
 * lists show what others change. The browser's EventSource reconnects by itself; if it gives up
 * (closed), we open a new one with backoff. An `end` event means the session no longer allows the
 * stream (signed out, expired, role removed): the page reloads its data once, which takes the visitor
 * where the server now sends them, and does not reconnect. Returns whether the stream is live.
 */
export function useLiveRevalidation(url: string, eventName: string) {
  const revalidator = useRevalidator();
  const [connected, setConnected] = useState(false);
  useEffect(() => {
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let delay = 1000;
    let stopped = false;
    // A reload overtaken by a newer one (another event, a navigation) is aborted by the router: that is
    // not an error, and it must not surface as an unhandled rejection. Anything else is said in the console.
    const reload = () =>
      revalidator.revalidate().catch((error: unknown) => {
        if (!(error instanceof DOMException && error.name === "AbortError")) {
          console.warn("[live] reloading the page's data failed", error);
        }
      });
    const open = () => {
      source = new EventSource(url);
      source.addEventListener("ready", () => {
        setConnected(true);
        delay = 1000;
      });
      source.addEventListener(eventName, () => void reload());
      source.addEventListener("end", () => {
        stopped = true;
        source?.close();
        setConnected(false);
        void reload();
      });
      source.onerror = () => {
        setConnected(false);
        if (source?.readyState === EventSource.CLOSED && !stopped) {
          retry = setTimeout(open, delay);
          delay = Math.min(delay * 2, 30_000);
        }
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
    // The revalidator object changes identity on every state change; the stream must not restart then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url, eventName]);
  return connected;
}
