/** Registers the offline worker after load; a failure is only logged (spec 01 §8). */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js").catch((error: unknown) => {
      console.log("Offline worker registration failed:", error);
    });
  });
}
