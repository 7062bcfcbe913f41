/**
 * The key every per-address rate limit counts under. One person easily holds a whole IPv6 /64 (a home
 * or cloud machine gets one and picks any address in it), so IPv6 addresses group by their /64 prefix;
 * IPv4 addresses, also when written IPv4-mapped (`::ffff:1.2.3.4`), count on their own.
 */

/** `1.2.3.4` for IPv4 (also IPv4-mapped IPv6), `2001:db8:1:2::/64` for IPv6; anything else as written. */
export function ipRateLimitKey(address: string): string {
  const value = withoutDecoration(address.trim());
  const v4 = ipv4Octets(value);
  if (v4) return v4.join(".");
  const groups = ipv6Groups(value);
  if (!groups) return address.trim().toLowerCase();
  const isMapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (isMapped) return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join(".");
  return `${compressIpv6([...groups.slice(0, 4), 0, 0, 0, 0])}/64`;
}

/** Drops what proxies and URLs add around an address: `[v6]:port`, `[v6]`, `v4:port`, a zone `%eth0`. */
function withoutDecoration(value: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) return bracketed[1]!.replace(/%.*$/, "");
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(value);
  if (v4WithPort) return v4WithPort[1]!;
  return value.replace(/%.*$/, "");
}

function ipv4Octets(value: string): number[] | null {
  if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(value)) return null;
  const octets = value.split(".").map(Number);
  return octets.every((n) => n <= 255) ? octets : null;
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a dotted IPv4 tail converted), or null. */
function ipv6Groups(value: string): number[] | null {
  if (!value.includes(":") || !/^[0-9a-f:.]+$/i.test(value)) return null;
  const halves = value.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string): number[] | null => {
    if (part === "") return [];
    const groups: number[] = [];
    const pieces = part.split(":");
    for (const [i, piece] of pieces.entries()) {
      if (i === pieces.length - 1 && piece.includes(".")) {
        const v4 = ipv4Octets(piece);
        if (!v4) return null;
        groups.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
      } else if (/^[0-9a-f]{1,4}$/i.test(piece)) {
        groups.push(parseInt(piece, 16));
      } else {
        return null;
      }
    }
    return groups;
  };
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  if (!head || !tail) return null;
  // A dotted IPv4 part may only end the address.
  if (halves.length === 2 && halves[0]!.includes(".")) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - tail.length;
  return missing >= 1 ? [...head, ...Array<number>(missing).fill(0), ...tail] : null;
}

/** RFC 5952 text: lower-case hex, no leading zeros, the longest run (2+) of zero groups as `::`. */
function compressIpv6(groups: number[]): string {
  let best = { start: -1, length: 0 };
  for (let i = 0; i < groups.length;) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < groups.length && groups[j] === 0) j++;
    if (j - i > best.length) best = { start: i, length: j - i };
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best.length < 2) return hex.join(":");
  const before = hex.slice(0, best.start).join(":");
  const after = hex.slice(best.start + best.length).join(":");
  return `${before}::${after}`;
}
