import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { parseMultipart, streamMultipartFile, type MultipartLimits } from "./multipart.server";

const MB = 1024 * 1024;
const limits: MultipartLimits = { maxFileBytes: 5 * MB, maxFiles: 1, maxFieldBytes: 16384, maxFields: 20 };

/** Node's RequestInit accepts `duplex`, which a streamed request body requires; the DOM types lack it. */
type StreamInit = RequestInit & { duplex: "half" };

/** Bytes with a recognisable pattern, so a reassembled file can be compared byte for byte. */
const patterned = (length: number) => {
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++) bytes[i] = (i * 31 + 7) & 0xff;
  return bytes;
};

const formRequest = (form: FormData) => new Request("http://x/", { method: "POST", body: form });

/** A body stream that counts how often it is asked for data and serves `bytes` in chunks. */
function countingStream(bytes: Uint8Array, chunkSize = 64 * 1024) {
  let offset = 0;
  const counter = { pulls: 0, served: 0 };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        counter.pulls++;
        if (offset >= bytes.length) {
          controller.close();
          return;
        }
        const chunk = bytes.slice(offset, offset + chunkSize);
        offset += chunk.length;
        counter.served += chunk.length;
        controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 }, // nothing is read until the consumer asks
  );
  return { stream, counter };
}

/**
 * The multipart body FormData produces, re-sent as a stream so the request carries no Content-Length
 * (or the one given): only the streaming limit can refuse it.
 */
async function streamedRequest(form: FormData, contentLength?: number) {
  const encoded = formRequest(form);
  const contentType = encoded.headers.get("content-type")!;
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  const { stream, counter } = countingStream(bytes);
  const headers: Record<string, string> = { "content-type": contentType };
  if (contentLength !== undefined) headers["content-length"] = String(contentLength);
  const init: StreamInit = { method: "POST", body: stream, headers, duplex: "half" };
  return { request: new Request("http://x/", init), counter, length: bytes.length };
}

function resumeForm(fileBytes: Uint8Array<ArrayBuffer>) {
  const form = new FormData();
  form.append("firstName", "Ann");
  form.append("resume", new File([fileBytes], "cv.pdf", { type: "application/pdf" }));
  return form;
}

describe("parseMultipart: accepted bodies", () => {
  it("returns the text fields and the file with its bytes", async () => {
    const form = new FormData();
    form.append("firstName", "Ann");
    form.append("lastName", "Müller");
    form.append("coverLetter", "Line one\r\nLine two");
    const fileBytes = new TextEncoder().encode("%PDF-1.4\n%%EOF\n");
    form.append("resume", new File([fileBytes], "My CV.pdf", { type: "application/pdf" }));

    const result = await parseMultipart(formRequest(form), limits);

    expect(result).toEqual({
      ok: true,
      fields: { firstName: "Ann", lastName: "Müller", coverLetter: "Line one\r\nLine two" },
      files: [
        {
          fieldName: "resume",
          fileName: "My CV.pdf",
          browserType: "application/pdf",
          bytes: Buffer.from(fileBytes),
        },
      ],
    });
  });

  it("calls a form with a NUL character in a field malformed, and returns none of its fields", async () => {
    const form = new FormData();
    form.set("firstName", "A\u0000na");
    form.set("lastName", "Lee");
    expect(await parseMultipart(formRequest(form), limits)).toEqual({
      ok: false,
      reason: "malformed",
      fields: {},
    });
  });

  it("returns fields alone when no file is sent", async () => {
    const form = new FormData();
    form.append("email", "ann@example.com");
    expect(await parseMultipart(formRequest(form), limits)).toEqual({
      ok: true,
      fields: { email: "ann@example.com" },
      files: [],
    });
  });

  // busboy signals its limit when a file reaches it; parseMultipart allows exactly maxFileBytes.
  it("accepts a file of exactly 5 MB, byte for byte", async () => {
    const fileBytes = patterned(5 * MB);
    const { request, counter, length } = await streamedRequest(resumeForm(fileBytes));
    expect(request.headers.get("content-length")).toBeNull();

    const result = await parseMultipart(request, limits);

    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.fields).toEqual({ firstName: "Ann" });
    expect(result.files).toHaveLength(1);
    expect(result.files[0]!.bytes.length).toBe(5 * MB);
    expect(result.files[0]!.bytes.equals(Buffer.from(fileBytes))).toBe(true);
    expect(counter.served).toBe(length);
  });

  it("accepts a file of exactly 5 MB with its true Content-Length declared", async () => {
    const fileBytes = patterned(5 * MB);
    const probe = await streamedRequest(resumeForm(fileBytes));
    const { request } = await streamedRequest(resumeForm(fileBytes), probe.length);
    expect(request.headers.get("content-length")).toBe(String(probe.length));

    const result = await parseMultipart(request, limits);
    expect(result.ok).toBe(true);
    expect(result.ok && result.files[0]!.bytes.length).toBe(5 * MB);
  });
});

describe("parseMultipart: size limits", () => {
  it("refuses 5 MB + 1 byte while streaming, with no Content-Length to go by", async () => {
    const { request, counter, length } = await streamedRequest(resumeForm(patterned(5 * MB + 1)));
    expect(request.headers.get("content-length")).toBeNull();

    const result = await parseMultipart(request, limits);

    expect(result).toEqual({ ok: false, reason: "too-large", fields: { firstName: "Ann" } });
    // Refused by the streaming limit: the body was read through, not judged by a header.
    expect(counter.served).toBe(length);
  });

  it("refuses 5 MB + 1 byte while streaming when the honest Content-Length is under the header check", async () => {
    const fileBytes = patterned(5 * MB + 1);
    const probe = await streamedRequest(resumeForm(fileBytes));
    const { request, counter } = await streamedRequest(resumeForm(fileBytes), probe.length);

    const result = await parseMultipart(request, limits);

    expect(result).toEqual({ ok: false, reason: "too-large", fields: { firstName: "Ann" } });
    expect(counter.served).toBe(probe.length);
  });

  it("refuses a declared Content-Length far above the limit before reading a byte", async () => {
    const { stream, counter } = countingStream(patterned(1024));
    const init: StreamInit = {
      method: "POST",
      body: stream,
      duplex: "half",
      headers: {
        "content-type": "multipart/form-data; boundary=----x",
        "content-length": String(50 * MB),
      },
    };
    const request = new Request("http://x/", init);

    const result = await parseMultipart(request, limits);

    expect(result).toEqual({ ok: false, reason: "too-large", fields: {} });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(counter.pulls).toBe(0);
    expect(request.bodyUsed).toBe(false);
    expect(stream.locked).toBe(false);
  });

  it("judges the declared length before the content type", async () => {
    const { stream, counter } = countingStream(patterned(16));
    const init: StreamInit = {
      method: "POST",
      body: stream,
      duplex: "half",
      headers: { "content-type": "text/plain", "content-length": String(6 * MB) },
    };
    expect(await parseMultipart(new Request("http://x/", init), limits)).toEqual({
      ok: false,
      reason: "too-large",
      fields: {},
    });
    expect(counter.pulls).toBe(0);
  });
});

describe("parseMultipart: malformed bodies", () => {
  it.each([
    ["application/x-www-form-urlencoded", "firstName=Ann"],
    ["application/json", '{"firstName":"Ann"}'],
    ["text/plain", "firstName=Ann"],
  ])("refuses %s as malformed", async (contentType, body) => {
    const request = new Request("http://x/", {
      method: "POST",
      body,
      headers: { "content-type": contentType },
    });
    expect(await parseMultipart(request, limits)).toEqual({ ok: false, reason: "malformed", fields: {} });
  });

  it("refuses a request without a content type or body", async () => {
    expect(await parseMultipart(new Request("http://x/", { method: "POST" }), limits)).toEqual({
      ok: false,
      reason: "malformed",
      fields: {},
    });
  });

  it("refuses a multipart content type without a boundary", async () => {
    const request = new Request("http://x/", {
      method: "POST",
      body: "--x\r\n",
      headers: { "content-type": "multipart/form-data" },
    });
    expect(await parseMultipart(request, limits)).toEqual({ ok: false, reason: "malformed", fields: {} });
  });

  it("refuses a body cut off inside a text field", async () => {
    const encoded = formRequest(resumeForm(patterned(1000)));
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    const text = new TextDecoder().decode(bytes);
    const cut = text.indexOf("Ann") + 2; // in the middle of the first field's value
    const request = new Request("http://x/", {
      method: "POST",
      body: bytes.slice(0, cut),
      headers: { "content-type": encoded.headers.get("content-type")! },
    });
    expect(await parseMultipart(request, limits)).toEqual({ ok: false, reason: "malformed", fields: {} });
  });

  // A body that ends inside a file part errors busboy's file stream; unhandled, that would kill the
  // process. Run in a child process so a regression cannot take the test runner down.
  it("refuses a body cut off inside the file as malformed, without crashing the process", () => {
    const script = path.join(os.tmpdir(), `lw-multipart-cut-${process.pid}-${Date.now()}.mts`);
    const moduleUrl = pathToFileURL(path.join(import.meta.dirname, "multipart.server.ts")).href;
    fs.writeFileSync(
      script,
      `import { parseMultipart } from ${JSON.stringify(moduleUrl)};
const form = new FormData();
form.append("firstName", "Ann");
form.append("resume", new File([new Uint8Array(1000)], "cv.pdf", { type: "application/pdf" }));
const encoded = new Request("http://x/", { method: "POST", body: form });
const bytes = new Uint8Array(await encoded.arrayBuffer());
const request = new Request("http://x/", {
  method: "POST",
  body: bytes.slice(0, bytes.length - 100),
  headers: { "content-type": encoded.headers.get("content-type") },
});
const result = await parseMultipart(request, ${JSON.stringify(limits)});
await new Promise((resolve) => setTimeout(resolve, 100)); // let late stream errors surface
process.stdout.write(JSON.stringify(result));
`,
    );
    try {
      const child = spawnSync(process.execPath, ["--import", "tsx", script], {
        cwd: path.resolve(import.meta.dirname, "../.."),
        encoding: "utf8",
        timeout: 30_000,
      });
      expect(child.stderr).not.toContain("Unexpected end of form");
      expect(child.status).toBe(0);
      expect(JSON.parse(child.stdout)).toEqual({
        ok: false,
        reason: "malformed",
        fields: { firstName: "Ann" },
      });
    } finally {
      fs.rmSync(script, { force: true });
    }
  });
});

describe("parseMultipart: empty file inputs", () => {
  it("yields no file for a FormData empty File named ''", async () => {
    const form = new FormData();
    form.append("firstName", "Ann");
    form.append("resume", new File([], ""));
    const result = await parseMultipart(formRequest(form), limits);
    expect(result.ok).toBe(true);
    expect(result.ok && result.files).toEqual([]);
    expect(result.fields.firstName).toBe("Ann");
  });

  it('yields no file for the part a browser sends when nothing is chosen (filename="")', async () => {
    const boundary = "----browserBoundary7MA4YWxkTrZu0gW";
    const body = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="firstName"',
      "",
      "Ann",
      `--${boundary}`,
      'Content-Disposition: form-data; name="resume"; filename=""',
      "Content-Type: application/octet-stream",
      "",
      "",
      `--${boundary}--`,
      "",
    ].join("\r\n");
    const request = new Request("http://x/", {
      method: "POST",
      body,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    });
    expect(await parseMultipart(request, limits)).toEqual({
      ok: true,
      fields: { firstName: "Ann" },
      files: [],
    });
  });

  it("keeps an empty file that has a name (the server then refuses its bytes)", async () => {
    const form = new FormData();
    form.append("resume", new File([], "empty.pdf", { type: "application/pdf" }));
    const result = await parseMultipart(formRequest(form), limits);
    expect(result.ok && result.files.map((f) => [f.fileName, f.bytes.length])).toEqual([["empty.pdf", 0]]);
  });
});

describe("streamMultipartFile: a reader that stops early", () => {
  const streamLimits = { fieldName: "file", maxFileBytes: 50 * MB, maxFieldBytes: 1024, maxFields: 5 };

  /** A list of `fileBytes` followed by a field, as the browser sends it: its bytes and content type. */
  async function listForm(fileBytes: number) {
    const form = new FormData();
    form.append("file", new File([patterned(fileBytes)], "list.csv", { type: "text/csv" }));
    form.append("note", "after the file");
    const encoded = formRequest(form);
    return {
      bytes: new Uint8Array(await encoded.arrayBuffer()),
      contentType: encoded.headers.get("content-type")!,
    };
  }

  /** Settles with the outcome, or "still waiting" after a second (before the fix: forever). */
  const within = <T>(work: Promise<T>) =>
    Promise.race([
      work.then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      ),
      new Promise<"still waiting">((resolve) => setTimeout(() => resolve("still waiting"), 1000)),
    ]);

  it("throws the reader's refusal at once, while the rest of the body has not arrived", async () => {
    const { bytes, contentType } = await listForm(2 * MB);
    // The client's first 128 KB, then nothing more for now (a slow upload, or one the server stops reading).
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 128 * 1024));
      },
    });
    const init: StreamInit = {
      method: "POST",
      body,
      headers: { "content-type": contentType },
      duplex: "half",
    };
    const refusal = new Error("Row 1: the row is longer than 100,000 characters.");
    const outcome = await within(
      streamMultipartFile(new Request("http://x/", init), streamLimits, async (file) => {
        for await (const chunk of file) if (chunk.length > 0) throw refusal;
        return "read";
      }),
    );
    expect(outcome).toEqual({ error: refusal });
  });

  it("reads to the end of the body when the reader returns before the end of the file", async () => {
    const { bytes, contentType } = await listForm(2 * MB);
    const { stream, counter } = countingStream(bytes);
    const init: StreamInit = {
      method: "POST",
      body: stream,
      headers: { "content-type": contentType },
      duplex: "half",
    };
    const outcome = await within(
      streamMultipartFile(new Request("http://x/", init), streamLimits, async (file) => {
        for await (const chunk of file) return chunk.length; // the first chunk is all it needs
        return 0;
      }),
    );
    expect(outcome).toMatchObject({ value: { ok: true, fields: { note: "after the file" } } });
    expect(counter.served).toBe(bytes.length);
  });
});
