/** How a seed run stops: a failure meant for the terminal, and Ctrl-C taking effect between steps. */

/** A failure whose message is printed as it is, without a stack trace. */
export class SeedError extends Error {}

let stopRequested = false;

/** Asks the run to stop after the current step; true the first time it is asked. */
export function requestStop(): boolean {
  if (stopRequested) return false;
  stopRequested = true;
  return true;
}

export const wasStopRequested = () => stopRequested;

/** Called between steps: throws once a stop was asked for. */
export function checkpoint() {
  if (stopRequested) throw new SeedError("Stopped.");
}

export function expectOk(ok: boolean, what: string) {
  if (!ok) throw new SeedError(`Could not ${what}`);
}
