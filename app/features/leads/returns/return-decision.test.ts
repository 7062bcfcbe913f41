import { describe, expect, it } from "vitest";
import { decisionSentence, doneParam, returnQueueSchema, returnQueueSearch } from "./return.schema";

describe("what a decision in the returns queue says", () => {
  it("names what was done and what was left, in words", () => {
    expect(decisionSentence({ decision: "approve", decided: 5, already: 1, missing: 0 })).toBe(
      "Approved 5 returns; 1 was already decided",
    );
    expect(decisionSentence({ decision: "reject", decided: 1, already: 2, missing: 1 })).toBe(
      "Rejected 1 return; 2 were already decided; 1 was not found",
    );
  });

  it("goes through the URL and back, and a forged or broken one is dropped", () => {
    const done = { decision: "approve", decided: 3, already: 1, missing: 2 } as const;
    const query = returnQueueSchema.parse({ sort: "client", done: doneParam(done) });
    expect(query.done).toEqual(done);
    expect(returnQueueSearch(query)).toBe("?sort=client");
    expect(returnQueueSchema.parse({ done: "approve.1.x.0" }).done).toBeUndefined();
    expect(returnQueueSchema.parse({ done: "delete.1.0.0", state: "nope" })).toMatchObject({
      done: undefined,
      state: "requested",
      sort: "oldest",
    });
  });
});
