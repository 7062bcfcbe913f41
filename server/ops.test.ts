import { describe, expect, it } from "vitest";
import { mayReadMetrics, metricsAccess } from "./ops";

const TOKEN = "metrics-token-0123456789abcdef";

describe("who may read /metrics", () => {
  it("nobody when neither METRICS_TOKEN nor METRICS_ALLOW is set", () => {
    const access = metricsAccess({});
    expect(mayReadMetrics(access, { authorization: `Bearer ${TOKEN}`, address: "127.0.0.1" })).toBe(false);
  });

  it("the holder of the bearer token, from any address", () => {
    const access = metricsAccess({ METRICS_TOKEN: TOKEN });
    expect(mayReadMetrics(access, { authorization: `Bearer ${TOKEN}`, address: "203.0.113.9" })).toBe(true);
    expect(mayReadMetrics(access, { authorization: `bearer ${TOKEN}`, address: "203.0.113.9" })).toBe(true);
    for (const authorization of [
      undefined,
      "",
      TOKEN,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(1)}`,
      `Basic ${TOKEN}`,
    ])
      expect(mayReadMetrics(access, { authorization, address: "127.0.0.1" }), String(authorization)).toBe(
        false,
      );
  });

  it("an allowed address or network without the token", () => {
    const access = metricsAccess({ METRICS_ALLOW: "10.0.0.0/8,::1" });
    expect(mayReadMetrics(access, { address: "10.9.8.7" })).toBe(true);
    expect(mayReadMetrics(access, { address: "::ffff:10.9.8.7" })).toBe(true);
    expect(mayReadMetrics(access, { address: "::1" })).toBe(true);
    expect(mayReadMetrics(access, { address: "192.168.1.1" })).toBe(false);
    expect(mayReadMetrics(access, { authorization: `Bearer ${TOKEN}`, address: "192.168.1.1" })).toBe(false);
  });

  it("either rule when both are set", () => {
    const access = metricsAccess({ METRICS_TOKEN: TOKEN, METRICS_ALLOW: "127.0.0.1" });
    expect(mayReadMetrics(access, { address: "127.0.0.1" })).toBe(true);
    expect(mayReadMetrics(access, { authorization: `Bearer ${TOKEN}`, address: "198.51.100.1" })).toBe(true);
    expect(mayReadMetrics(access, { authorization: "Bearer wrong", address: "198.51.100.1" })).toBe(false);
  });
});
