/** Registers the offline worker once the page has loaded; a failure is only logged (spec 01 §8). */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  const register = () =>
    navigator.serviceWorker.register("/sw.js").catch((error: unknown) => {
      console.log("Offline worker registration failed:", error);
    });
  // The entry module is imported after parsing, often after "load" has already fired.
  if (document.readyState === "complete") void register();
  else window.addEventListener("load", () => void register(), { once: true });
}
