import { portalApp } from "./portal-app";

/** Registers a worker once the page has loaded; a failure is only logged (spec 01 §8). */
function registerOnLoad(script: string, options?: RegistrationOptions): void {
  if (!("serviceWorker" in navigator)) return;
  const register = () =>
    navigator.serviceWorker.register(script, options).catch((error: unknown) => {
      console.log("Offline worker registration failed:", error);
    });
  // The entry module is imported after parsing, often after "load" has already fired.
  if (document.readyState === "complete") void register();
  else window.addEventListener("load", () => void register(), { once: true });
}

/** The public site's offline worker (/sw.js, the whole site). */
export function registerServiceWorker(): void {
  registerOnLoad("/sw.js");
}

/**
 * The client portal's own worker (scope /client, which outranks the site's for the portal's pages): it
 * shows the offline page when the portal cannot be reached. Registered by the portal's pages only. The
 * HTTP cache is bypassed for its script, so a new build replaces it at the next visit.
 */
export function registerPortalWorker(): void {
  registerOnLoad(portalApp.worker, { scope: portalApp.scope, updateViaCache: "none" });
}
