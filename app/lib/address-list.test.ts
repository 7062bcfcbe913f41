import { describe, expect, it } from "vitest";
import { parseAddressList } from "./address-list";

describe("parseAddressList", () => {
  const list = parseAddressList("127.0.0.1, 10.0.0.0/8 fd00::/8,::1");

  it.each([
    ["127.0.0.1", true],
    ["::ffff:127.0.0.1", true],
    ["10.20.30.40", true],
    ["::ffff:10.1.2.3", true],
    ["::1", true],
    ["fd12:3456::1", true],
    ["127.0.0.2", false],
    ["11.0.0.1", false],
    ["2001:db8::1", false],
    ["unknown", false],
    ["", false],
  ])("%s is in the list: %s", (address, inList) => {
    expect(list.has(address)).toBe(inList);
  });

  it.each(["localhost", "10.0.0.0/33", "::1/129", "10.0.0.0/8/1", "10.0.0.0/x", "300.1.1.1"])(
    "refuses %s with a message naming it",
    (entry) => {
      expect(() => parseAddressList(`127.0.0.1,${entry}`)).toThrow(entry);
    },
  );
});
