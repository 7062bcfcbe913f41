/**
 * A list of addresses and networks (CIDR) as configuration writes it, e.g. METRICS_ALLOW
 * `127.0.0.1, 10.0.0.0/8, ::1, fd00::/8`: parsed and checked once, then asked "is this address in it?".
 */
import net from "node:net";

export interface AddressList {
  /** The entries as written, for messages. */
  readonly entries: readonly string[];
  has(address: string): boolean;
}

/** Parses a comma- or space-separated list; throws an Error naming the first entry that is not valid. */
export function parseAddressList(text: string): AddressList {
  const entries = text
    .split(/[\s,]+/)
    .map((entry) => entry.trim())
    .filter(Boolean);
  const blocks = new net.BlockList();
  for (const entry of entries) {
    const [address = "", prefix, extra] = entry.split("/");
    const family = net.isIP(address);
    if (family === 0 || extra !== undefined) throw new Error(`"${entry}" is not an address or a network`);
    const type = family === 4 ? "ipv4" : "ipv6";
    if (prefix === undefined) {
      blocks.addAddress(address, type);
      continue;
    }
    const bits = Number(prefix);
    if (!/^\d{1,3}$/.test(prefix) || bits > (family === 4 ? 32 : 128))
      throw new Error(`"${entry}" has a prefix length out of range`);
    blocks.addSubnet(address, bits, type);
  }
  return {
    entries,
    has(address: string) {
      // An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d.
      const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
      const family = net.isIP(plain);
      if (family === 0) return false;
      return blocks.check(plain, family === 4 ? "ipv4" : "ipv6");
    },
  };
}
