import { describe, expect, it } from "vitest";
import { ipRateLimitKey } from "./ip-rate-limit-key";

describe("ipRateLimitKey", () => {
  it("keeps an IPv4 address as it is", () => {
    expect(ipRateLimitKey("203.0.113.9")).toBe("203.0.113.9");
    expect(ipRateLimitKey(" 10.0.0.1 ")).toBe("10.0.0.1");
  });

  it("counts an IPv4-mapped IPv6 address as its IPv4 address, dotted or hex", () => {
    expect(ipRateLimitKey("::ffff:1.2.3.4")).toBe("1.2.3.4");
    expect(ipRateLimitKey("::FFFF:203.0.113.9")).toBe("203.0.113.9");
    expect(ipRateLimitKey("::ffff:102:304")).toBe("1.2.3.4");
    expect(ipRateLimitKey("0:0:0:0:0:ffff:c000:0280")).toBe("192.0.2.128");
  });

  it("groups IPv6 addresses by their /64, however they are written", () => {
    const key = ipRateLimitKey("2001:db8::1");
    expect(key).toBe("2001:db8::/64");
    expect(ipRateLimitKey("2001:0db8:0:0::2")).toBe(key);
    expect(ipRateLimitKey("2001:DB8:0000:0000:ffff:ffff:ffff:ffff")).toBe(key);
    expect(ipRateLimitKey("2001:db8:0:0:8a2e:370:7334:1")).toBe(key);
  });

  it("keeps different /64 prefixes apart", () => {
    expect(ipRateLimitKey("2001:db8:0:1::1")).toBe("2001:db8:0:1::/64");
    expect(ipRateLimitKey("2001:db8:0:1::1")).not.toBe(ipRateLimitKey("2001:db8:0:2::1"));
    expect(ipRateLimitKey("2001:db8:aa:bb:cc::1")).toBe("2001:db8:aa:bb::/64");
    expect(ipRateLimitKey("fe80::1%eth0")).toBe("fe80::/64");
    expect(ipRateLimitKey("::1")).toBe("::/64");
  });

  it("reads the forms proxies write: brackets, ports", () => {
    expect(ipRateLimitKey("[2001:db8::7]:443")).toBe("2001:db8::/64");
    expect(ipRateLimitKey("[2001:db8::7]")).toBe("2001:db8::/64");
    expect(ipRateLimitKey("198.51.100.4:51234")).toBe("198.51.100.4");
    expect(ipRateLimitKey("[::ffff:198.51.100.4]:80")).toBe("198.51.100.4");
  });

  it("keeps anything that is not an address as written, so it still counts on its own", () => {
    expect(ipRateLimitKey("unknown")).toBe("unknown");
    expect(ipRateLimitKey("256.1.1.1")).toBe("256.1.1.1");
    expect(ipRateLimitKey("1:2:3")).toBe("1:2:3");
    expect(ipRateLimitKey("1::2::3")).toBe("1::2::3");
    expect(ipRateLimitKey("1:2:3:4:5:6:7:8:9")).toBe("1:2:3:4:5:6:7:8:9");
  });
});
