import { describe, expect, it } from "vitest";
import { guardedLookup, isForbiddenAddress } from "./address-guard.server";

describe("webhook address guard", () => {
  it.each([
    "127.0.0.1",
    "127.1.2.3",
    "10.0.0.8",
    "172.16.4.4",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::1",
    "[::1]",
    "::",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.0.0.1",
    "64:ff9b::7f00:1",
    "2002:7f00:1::",
    "fc00::1",
    "fd12:3456::1",
    "fe80::1",
    "fe80::1%eth0",
    "ff02::1",
    "2001:db8::1",
    "not-an-address",
  ])("refuses %s", (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each(["93.184.215.14", "8.8.8.8", "172.32.0.1", "2606:4700::6810:84e5", "2a00:1450:4001::200e"])(
    "allows the public address %s",
    (address) => {
      expect(isForbiddenAddress(address)).toBe(false);
    },
  );

  it("refuses a host name that resolves to loopback, unless private addresses are allowed", async () => {
    const resolve = (allow: boolean) =>
      new Promise<string>((done) =>
        guardedLookup(allow)("localhost", { all: true }, (error, addresses) =>
          done(error ? error.message : JSON.stringify(addresses)),
        ),
      );
    expect(await resolve(false)).toMatch(/^Refused: localhost resolves to/);
    expect(await resolve(true)).toMatch(/127\.0\.0\.1|::1/);
  });
});
