import { describe, expect, it } from "vitest";
import { isNetworkFailure } from "./offline";

/** What React Router hands an error boundary for a thrown Response (parsed body, status). */
const answered = (status: number) => ({ status, statusText: "", internal: false, data: "" });

describe("isNetworkFailure", () => {
  it("recognises fetch's TypeError of each browser as the network's", () => {
    for (const message of [
      "Failed to fetch",
      "NetworkError when attempting to fetch resource.",
      "Load failed",
      "The network connection was lost.",
    ]) {
      expect(isNetworkFailure(new TypeError(message), true), message).toBe(true);
    }
  });

  it("takes any thrown error while the browser is offline as the network's", () => {
    expect(isNetworkFailure(new Error("chunk could not load"), false)).toBe(true);
  });

  it("leaves a real failure to the 500 page: an HTTP answer, a bug, an unknown connection", () => {
    expect(isNetworkFailure(answered(500), false)).toBe(false);
    expect(isNetworkFailure(answered(503), true)).toBe(false);
    expect(isNetworkFailure(new TypeError("x is not a function"), true)).toBe(false);
    expect(isNetworkFailure(new Error("database down"), undefined)).toBe(false);
    expect(isNetworkFailure(new TypeError("Failed to fetch"), undefined)).toBe(true);
  });
});
