import { describe, expect, it } from "vitest";
import { describeAreaError } from "./area-error";

/** What React Router hands an error boundary for a thrown Response (parsed body, status). */
const thrown = (status: number, body: string) => ({ status, statusText: "", internal: false, data: body });

describe("describeAreaError", () => {
  it("names a missing record by the thrown message, and falls back to 'Page not found'", () => {
    expect(describeAreaError(thrown(404, "Lead not found"))).toEqual({
      status: 404,
      title: "Lead not found",
    });
    expect(describeAreaError(thrown(404, ""))).toEqual({ status: 404, title: "Page not found" });
  });

  it("says a refusal is 'Access Denied' with the refusal's reason", () => {
    expect(describeAreaError(thrown(403, "Admins only"))).toEqual({
      status: 403,
      title: "Access Denied",
      text: "Admins only",
    });
  });

  it("calls anything else 'Something went wrong', keeping its status", () => {
    expect(describeAreaError(thrown(400, "Bad request"))).toEqual({
      status: 400,
      title: "Something went wrong",
    });
    expect(describeAreaError(new Error("database down"))).toEqual({
      status: 500,
      title: "Something went wrong",
    });
  });

  it("says a page the network could not bring is offline, not failed", () => {
    expect(describeAreaError(new TypeError("Failed to fetch"), true)).toEqual({
      status: 0,
      title: "You are offline",
      offline: true,
    });
    expect(describeAreaError(new Error("chunk"), false)).toMatchObject({ offline: true });
    expect(describeAreaError(thrown(500, ""), false)).toEqual({ status: 500, title: "Something went wrong" });
  });
});
