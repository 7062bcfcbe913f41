import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { registerServiceWorker } from "~/lib/service-worker.client";

// A request the router aborted because newer work overtook it (a navigation, a reload of the page's
// data, a page being left) is not an error: its promise may reject where nothing awaits it, and it must
// not surface as an uncaught error. Every other rejection still does.
window.addEventListener("unhandledrejection", (event) => {
  if (event.reason instanceof DOMException && event.reason.name === "AbortError") event.preventDefault();
});

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});

registerServiceWorker();
