/**
 * Server-side request forgery guard for webhooks: a webhook URL must not reach the server's own network.
 * Every address a host name resolves to is checked before connecting (and the connection goes to one of
 * those checked addresses, never a second lookup), and the connected socket's address is checked again.
 * Loopback, private, link-local, shared, documentation, multicast and reserved ranges, IPv4 and IPv6, are
 * refused, as are IPv4-mapped and translated IPv6 forms. WEBHOOK_ALLOW_PRIVATE_ADDRESSES=true lifts this
 * (development and tests with a receiver on 127.0.0.1).
 */
import dns from "node:dns";
import net from "node:net";

// Two lists: one BlockList counts IPv4 addresses as IPv4-mapped IPv6 ones, which the IPv6 list refuses.
const blocked4 = new net.BlockList();
const blocked6 = new net.BlockList();
for (const [prefix, bits] of [
  ["0.0.0.0", 8], // "this" network
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // shared address space (carrier-grade NAT)
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (cloud metadata services live here)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and the broadcast address
] as const) {
  blocked4.addSubnet(prefix, bits, "ipv4");
}
for (const [prefix, bits] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["::", 96], // IPv4-compatible (deprecated)
  ["::ffff:0:0", 96], // IPv4-mapped: would reach any IPv4 address
  ["64:ff9b::", 96], // NAT64
  ["64:ff9b:1::", 48], // local NAT64
  ["100::", 64], // discard
  ["2001::", 23], // IETF special purpose (Teredo, ORCHID, benchmarking...)
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4: embeds any IPv4 address
  ["fc00::", 7], // unique local (private)
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
] as const) {
  blocked6.addSubnet(prefix, bits, "ipv6");
}

/** True for an address a webhook must not reach (not a public unicast address). */
export function isForbiddenAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = net.isIP(bare);
  if (family === 4) return blocked4.check(bare, "ipv4");
  if (family === 6) return blocked6.check(bare, "ipv6");
  return true; // not an address at all
}

/** A refused address. Its message is for the server's log: a client sees a generic text (post-json). */
export class ForbiddenAddressError extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`Refused: ${host} resolves to ${address}, a private, loopback or reserved address`);
    this.name = "ForbiddenAddressError";
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http(s).request: resolves every address, refuses the host if any of them is forbidden
 * (a name answering both public and private addresses is refused whole), and hands the connection exactly
 * the checked addresses.
 */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = allowPrivate ? undefined : addresses.find((a) => isForbiddenAddress(a.address));
      if (refused) return callback(new ForbiddenAddressError(hostname, refused.address), []);
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first)
        return callback(Object.assign(new Error(`No address for ${hostname}`), { code: "ENOTFOUND" }), []);
      callback(null, first.address, first.family);
    });
  };
}
