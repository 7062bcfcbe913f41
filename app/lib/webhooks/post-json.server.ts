/**
 * One webhook POST (issue 14, issue 23): no redirects followed, the address guard on every address the host
 * resolves to and on the socket actually connected, and three time limits so that a receiver that hangs
 * holds a delivery slot for seconds, not for the whole exchange cap: connecting (DNS, TCP and TLS), the
 * answer's headers once connected, and the whole exchange.
 */
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { ForbiddenAddressError, guardedLookup, isForbiddenAddress } from "./address-guard.server";

export interface WebhookTimeouts {
  /** From the request's start until the connection (TLS included) is made. */
  connectMs: number;
  /** From the connection until the answer's status line and headers. */
  firstByteMs: number;
  /** The whole exchange, the answer's body included. */
  totalMs: number;
}

export const WEBHOOK_TIMEOUTS: WebhookTimeouts = { connectMs: 3_000, firstByteMs: 5_000, totalMs: 10_000 };

/**
 * What a client's delivery log says of a refused address: never what the host resolved to (an internal
 * name's address is ours to know); the server log has that (`refused`).
 */
export const ADDRESS_NOT_ALLOWED = "Address not allowed: webhooks go only to public addresses";

export interface PostOptions {
  /** WEBHOOK_ALLOW_PRIVATE_ADDRESSES: loopback and private addresses, and http://, are allowed. */
  allowPrivate: boolean;
  timeouts?: Partial<WebhookTimeouts>;
}

export interface PostOutcome {
  statusCode: number | null;
  /** Shown in the delivery log; null on an answer (whatever its status). */
  error: string | null;
  /** For the server log only: the host and the address refused behind ADDRESS_NOT_ALLOWED. */
  refused?: { host: string; address: string };
}

const seconds = (ms: number) => `${ms / 1000} s`;

const refusedOutcome = (error: ForbiddenAddressError): PostOutcome => ({
  statusCode: null,
  error: ADDRESS_NOT_ALLOWED,
  refused: { host: error.host, address: error.address },
});

/** POSTs `body` to `url` once; never throws: a failure is an outcome with its reason. */
export function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: PostOptions,
): Promise<PostOutcome> {
  const limits = { ...WEBHOOK_TIMEOUTS, ...options.timeouts };
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return resolve({ statusCode: null, error: "The URL is not valid" });
    }
    const secure = target.protocol === "https:";
    if (!secure && !(options.allowPrivate && target.protocol === "http:")) {
      return resolve({ statusCode: null, error: "Only https:// URLs are delivered" });
    }
    const host = target.hostname.replace(/^\[|\]$/g, "");
    if (net.isIP(host) && !options.allowPrivate && isForbiddenAddress(host)) {
      return resolve(refusedOutcome(new ForbiddenAddressError(host, host)));
    }
    const timers: NodeJS.Timeout[] = [];
    let settled = false;
    const finish = (outcome: PostOutcome) => {
      if (settled) return;
      settled = true;
      for (const timer of timers) clearTimeout(timer);
      resolve(outcome);
    };
    const request = (secure ? https : http).request(target, {
      method: "POST",
      headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) },
      lookup: guardedLookup(options.allowPrivate),
      agent: false,
    });
    const giveUpAfter = (ms: number, message: string) => {
      const timer = setTimeout(() => request.destroy(new Error(message)), ms);
      timers.push(timer);
      return timer;
    };
    giveUpAfter(limits.totalMs, `The exchange took longer than ${seconds(limits.totalMs)}`);
    const connecting = giveUpAfter(limits.connectMs, `Could not connect within ${seconds(limits.connectMs)}`);
    let waitingForAnswer: NodeJS.Timeout | undefined;
    request.on("socket", (socket) => {
      socket.once("connect", () => {
        const address = socket.remoteAddress ?? "";
        if (!options.allowPrivate && isForbiddenAddress(address)) {
          request.destroy(new ForbiddenAddressError(target.hostname, address));
        }
      });
      // Connected means ready to send: after the TLS handshake for https.
      socket.once(secure ? "secureConnect" : "connect", () => {
        clearTimeout(connecting);
        waitingForAnswer = giveUpAfter(limits.firstByteMs, `No answer within ${seconds(limits.firstByteMs)}`);
      });
    });
    request.on("response", (response) => {
      clearTimeout(waitingForAnswer);
      // The answer's body is not needed: read and drop at most what arrives before the total limit.
      response.resume();
      response.on("end", () => finish({ statusCode: response.statusCode ?? null, error: null }));
      response.on("error", (error) =>
        finish({ statusCode: response.statusCode ?? null, error: error.message }),
      );
    });
    request.on("error", (error) =>
      finish(
        error instanceof ForbiddenAddressError
          ? refusedOutcome(error)
          : { statusCode: null, error: error.message },
      ),
    );
    request.end(body);
  });
}
