import { describe, expect, it } from "vitest";
import { databaseAnswers, unavailableAnswer } from "./unavailable";

describe("answering while the database is down", () => {
  it("knows the database answers, refuses, or hangs (a hang counts as down after a second)", async () => {
    expect(await databaseAnswers(async () => undefined)).toBe(true);
    expect(
      await databaseAnswers(() =>
        Promise.reject(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" })),
      ),
    ).toBe(false);
    expect(await databaseAnswers(() => new Promise<void>(() => undefined))).toBe(false);
  });

  it("answers a page with plain text and the API with problem details, both 503 with Retry-After", () => {
    const page = unavailableAnswer("/admin");
    expect(page).toMatchObject({
      status: 503,
      headers: {
        "Retry-After": "5",
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "no-store",
      },
    });
    expect(page.body).toBe("The service is briefly unavailable. Please try again in 5 seconds.");

    const api = unavailableAnswer("/api/v1/leads?page=2");
    expect(api.headers).toMatchObject({ "Retry-After": "5", "Content-Type": "application/problem+json" });
    expect(JSON.parse(api.body)).toEqual({
      type: "about:blank",
      title: "Service Unavailable",
      status: 503,
      detail: "The database is not answering. Try again in 5 seconds.",
    });
    expect(unavailableAnswer("/apiary").headers["Content-Type"]).toMatch(/^text\/plain/);
  });
});
