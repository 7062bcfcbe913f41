/** What our Node server passes to every loader and action as `context` (server/app.ts). */
export interface ServerLoadContext {
  cspNonce?: string;
  clientIp?: string;
}

/** The client's address as the server determined it (TRUST_PROXY aware); "unknown" in dev tools. */
export function clientIp(context: unknown): string {
  return (context as ServerLoadContext | undefined)?.clientIp ?? "unknown";
}
