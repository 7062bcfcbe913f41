import { describe, expect, it } from "vitest";
import { COALESCE_MAX_BYTES, TickCoalescer } from "./tick-coalescer";

/** Everything the coalescer passes on, chunk by chunk. */
function collect(stream: TickCoalescer) {
  const out: { text: string }[] = [];
  stream.on("data", (chunk: Buffer) => out.push({ text: chunk.toString() }));
  const ended = new Promise<void>((resolve) => stream.on("end", resolve));
  return { out, ended };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("TickCoalescer", () => {
  it("passes on the chunks written in one turn as one chunk, in order", async () => {
    const stream = new TickCoalescer();
    const { out, ended } = collect(stream);
    for (const part of ["<html>", "<body>", "rows", "</body>", "</html>"]) stream.write(part);
    stream.end();
    await ended;
    expect(out.map((c) => c.text)).toEqual(["<html><body>rows</body></html>"]);
  });

  it("passes on each later burst when its turn ends: a streamed part is not held back", async () => {
    const stream = new TickCoalescer();
    const { out, ended } = collect(stream);
    stream.write("shell-a");
    stream.write("shell-b");
    await nextTurn();
    await nextTurn();
    expect(out.map((c) => c.text)).toEqual(["shell-ashell-b"]);
    stream.write("deferred");
    await nextTurn();
    await nextTurn();
    expect(out.map((c) => c.text)).toEqual(["shell-ashell-b", "deferred"]);
    stream.end("tail");
    await ended;
    expect(out.map((c) => c.text)).toEqual(["shell-ashell-b", "deferred", "tail"]);
  });

  it("does not hold a burst larger than its limit until the turn ends", async () => {
    const stream = new TickCoalescer();
    const { out, ended } = collect(stream);
    const big = "x".repeat(COALESCE_MAX_BYTES);
    stream.write(big);
    stream.write("after");
    // The big chunk went on at once; only the small one waits for the turn to end.
    expect(out.map((c) => c.text.length)).toEqual([COALESCE_MAX_BYTES]);
    stream.end();
    await ended;
    expect(out.map((c) => c.text)).toEqual([big, "after"]);
  });

  it("ends without a chunk when nothing was written", async () => {
    const stream = new TickCoalescer();
    const { out, ended } = collect(stream);
    stream.end();
    await ended;
    expect(out).toEqual([]);
  });
});
