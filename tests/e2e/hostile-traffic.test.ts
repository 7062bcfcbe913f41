/**
 * The server under hostile and careless traffic, over real sockets: malformed requests of every kind get a
 * short 4xx (never 5xx, never a hang, never a stack trace in the log), and bodies past a route's limit are
 * refused with 413 while the server's memory stays flat. Each server here has a database of its own.
 */
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { residentBytes, streamBody } from "../support/body-stream";
import { createPostgresDatabase } from "../support/databases";
import { fuzz } from "../support/fuzz";
import { startFuzzTarget } from "../support/fuzz-target";
import { parseLogLines, type ServerProcess } from "../support/server-process";

const CONTACT = "/contact/real-estate-lead-generation-services";
const CAREERS = "/careers/real-estate-lead-generation-jobs";
const MB = 1024 * 1024;

let server: ServerProcess;
let port: number;
let fuzzTarget: Awaited<ReturnType<typeof startFuzzTarget>>["target"];

beforeAll(async () => {
  ({ server, port, target: fuzzTarget } = await startFuzzTarget());
});
afterAll(async () => {
  await server?.stop();
});

const post = (path: string, init: { headers?: Record<string, string>; body?: BodyInit } = {}) =>
  fetch(server.url + path, {
    method: "POST",
    redirect: "manual",
    ...init,
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", ...init.headers },
  });

describe("malformed requests get a clear 4xx", () => {
  it("a JSON body to the contact form is 415 with a short explanation", async () => {
    const response = await post(CONTACT, {
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "A", email: "a@example.com", subject: "Hi", message: "Hello there" }),
    });
    expect(response.status).toBe(415);
    expect(await response.text()).toBe(
      "Send the form as application/x-www-form-urlencoded or multipart/form-data.",
    );
  });

  it("an odd method is 405 with the methods the route allows", async () => {
    for (const [method, path, allow] of [
      ["PROPFIND", CONTACT, "GET, HEAD, POST"],
      ["PATCH", "/admin/leads/new", "GET, HEAD, POST"],
      ["DELETE", "/sitemap.xml", "GET, HEAD"],
      ["OPTIONS", "/blog/real-estate-lead-generation-insights", "GET, HEAD"],
    ] as const) {
      const response = await fetch(server.url + path, { method });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.get("allow"), `${method} ${path}`).toBe(allow);
    }
  });

  it("a POST to a page without a form is 405, to an unknown path 404", async () => {
    const noAction = await post("/about/real-estate-lead-generation-company", { body: "a=1" });
    expect(noAction.status).toBe(405);
    expect(noAction.headers.get("allow")).toBe("GET, HEAD");
    expect((await post("/admin/events", { body: "a=1" })).status).toBe(405);
    expect((await post("/no/such/page", { body: "a=1" })).status).toBe(404);
  });

  it("an Origin that is not ours, not a URL, or null is refused with 403", async () => {
    for (const origin of ["https://evil.example", "not a url", "http://[::1", "null"]) {
      const response = await post(CONTACT, { headers: { Origin: origin }, body: "name=x" });
      expect(response.status, origin).toBe(403);
    }
  });

  it("multipart without a usable boundary, or that does not parse, is 400", async () => {
    for (const type of [
      "multipart/form-data",
      "multipart/form-data; boundary=",
      `multipart/form-data; boundary=${"b".repeat(71)}`,
    ]) {
      expect((await post(CONTACT, { headers: { "Content-Type": type }, body: "--x\r\n" })).status, type).toBe(
        400,
      );
    }
    const broken = await post(CONTACT, {
      headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
      body: '--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\ncut off here',
    });
    expect(broken.status).toBe(400);
  });

  it("broken percent-encoding in the path is 400, and a // path stays on our host", async () => {
    const { send } = await import("../support/fuzz");
    const request = (path: string) => ({
      method: "GET",
      path,
      headers: [
        ["Host", `127.0.0.1:${port}`],
        ["Connection", "close"],
      ] as [string, string][],
      chunked: false,
    });
    expect((await send(port, request("/blog/%zz"))).status).toBe(400);
    expect((await send(port, request("/admin/%E0%A4%A"))).status).toBe(400);
    expect((await send(port, request("//evil.example/x"))).status).toBe(404);
  });

  it("a dot segment or an encoded slash in the path is 400: the guard never judges a path the router does not run", async () => {
    // Raw bytes on a socket: a client library would resolve the dot segments before sending.
    const ask = (method: string, path: string, headers: string[] = [], body = "") =>
      new Promise<{ status: number; text: string }>((resolve, reject) => {
        const socket = net.connect(port, "127.0.0.1");
        let answer = "";
        socket.setTimeout(15_000, () => socket.destroy(new Error(`no answer to ${method} ${path}`)));
        socket.on("data", (chunk: Buffer) => (answer += chunk.toString("latin1")));
        socket.on("error", reject);
        socket.on("end", () => {
          const [head = "", text = ""] = answer.split("\r\n\r\n");
          resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), text });
        });
        const length = body ? [`Content-Length: ${Buffer.byteLength(body)}`] : [];
        socket.write(
          [
            `${method} ${path} HTTP/1.1`,
            `Host: 127.0.0.1:${port}`,
            "Connection: close",
            ...headers,
            ...length,
          ]
            .join("\r\n")
            .concat("\r\n\r\n", body),
        );
      });
    const refused = { status: 400, text: expect.stringContaining("Bad request: the address is not valid.") };
    const before = server.logLines().length;
    for (const path of [
      "/api/v1/../../auth",
      "/api/v1/%2e%2e/%2E%2E/auth",
      "/api/v1/.%2e/..%2E/auth",
      "/api/v1/..%2f..%2fauth",
      "/api%2Fv1/leads",
      "/api/v1\\..\\..\\auth",
      "/admin/./leads",
      "/blog/..",
    ]) {
      // A JSON POST without Origin is what the API takes (ADR 022); /auth must never run it.
      const post = await ask("POST", path, ["Content-Type: application/json"], '{"intent":"sign-in"}');
      expect(post, `POST ${path}`).toEqual(refused);
      expect(await ask("GET", path), `GET ${path}`).toEqual(refused);
    }
    // Dots inside a segment are not dot segments; a path without any still reaches its route.
    expect((await ask("GET", "/blog/a..b")).status).toBe(404);
    expect((await ask("GET", "/api/v1/leads")).status).toBe(401);
    const errors = server
      .logLines()
      .slice(before)
      .filter((line) => line.level === "error" || line.err !== undefined);
    expect(errors).toEqual([]);
  });

  it("a NUL character in a form field or an upload's field is 400, not a failed insert", async () => {
    const form = await post(CONTACT, {
      body: "name=Ana&email=a%40example.com&subject=Hi&message=Hello%00there",
    });
    expect(form.status).toBe(400);
    expect(await form.text()).toBe("Bad request: the form could not be read.");
    const upload = new FormData();
    upload.set("firstName", "A\u0000na");
    upload.set("resume", new Blob(["%PDF-1.4\n"], { type: "application/pdf" }), "cv.pdf");
    const careers = await fetch(server.url + CAREERS, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url },
      body: upload,
    });
    expect(careers.status).toBe(400);
  });

  it("a page-data request to the API is 404 problem, whatever its Origin", async () => {
    const response = await fetch(server.url + "/api/v1/leads.data", {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/json" },
      body: "{}",
    });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
  });

  it("headers over 16 KB are 431, read by the client although its chunked body is still arriving", async () => {
    const { send } = await import("../support/fuzz");
    for (let i = 0; i < 5; i++) {
      const result = await send(port, {
        method: "OPTIONS",
        path: "/admin//webhooks",
        headers: [
          ["Host", `127.0.0.1:${port}`],
          ["Cookie", `a=${"x".repeat(20_000)}`],
          ["Content-Type", "application/x-www-form-urlencoded"],
          ["Transfer-Encoding", "chunked"],
        ],
        body: Buffer.alloc(512 * 1024, 0x61),
        chunked: true,
      });
      expect(result.status).toBe(431);
    }
  });

  it("a body declared over the limit is 413 before a byte of it is read", async () => {
    const { send } = await import("../support/fuzz");
    const result = await send(port, {
      method: "POST",
      path: CONTACT,
      headers: [
        ["Host", `127.0.0.1:${port}`],
        ["Origin", `http://127.0.0.1:${port}`],
        ["Content-Type", "application/x-www-form-urlencoded"],
        ["Content-Length", String(10 * 1024 ** 3)],
      ],
      chunked: false,
    });
    expect(result.status).toBe(413);
  });

  it("10,000 seeded malformed requests across every route and method: no 5xx, no hang, no stack trace", async () => {
    const before = server.output().split("\n").length;
    const report = await fuzz({ port, target: fuzzTarget, count: 10_000, seed: 20261123 });
    const log = server.output().split("\n").slice(before);
    expect(report.failures).toEqual([]);
    expect([...report.statuses.keys()].every((status) => status >= 200 && status < 500)).toBe(true);
    // Every status class an attacker provokes shows up, so the run really reached the checks.
    for (const status of [400, 403, 404, 405, 415])
      expect(report.statuses.get(status), String(status)).toBeGreaterThan(0);
    expect(log.filter((line) => /^\s+at /.test(line))).toEqual([]);
    // The log is JSON lines, at most one per request: no error with a stack, no line of level error.
    const entries = parseLogLines(log.join("\n"));
    expect(entries.filter((entry) => entry.err !== undefined || entry.level === "error")).toEqual([]);
    expect(log.length).toBeLessThanOrEqual(report.sent + 10);
    expect((await fetch(server.url + "/healthz")).status).toBe(200);
  }, 240_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    "the same on PostgreSQL: 3,000 seeded requests, no 5xx, no hang",
    async () => {
      const database = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
      const onPostgres = await startFuzzTarget(database.url);
      try {
        const report = await fuzz({
          port: onPostgres.port,
          target: onPostgres.target,
          count: 3_000,
          seed: 7,
        });
        expect(report.failures).toEqual([]);
        expect(onPostgres.server.output()).not.toMatch(/^\s+at /m);
        expect(onPostgres.server.logLines().filter((entry) => entry.err !== undefined)).toEqual([]);
      } finally {
        await onPostgres.server.stop();
        await database.drop();
      }
    },
    240_000,
  );
});

describe("bodies past their limit", () => {
  it("4 parallel clients streaming 256 MB chunked bodies each get 413; memory stays within +50 MB", async () => {
    for (const path of [CONTACT, "/auth", CAREERS]) await fetch(server.url + path);
    const before = await residentBytes(server.pid);
    let peak = before;
    const sampler = setInterval(() => {
      void residentBytes(server.pid).then((rss) => (peak = Math.max(peak, rss)));
    }, 50);
    const upload = {
      path: CAREERS,
      contentType: "multipart/form-data; boundary=xyz",
      prefix:
        '--xyz\r\nContent-Disposition: form-data; name="resume"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n',
    };
    const results = await Promise.all(
      [
        { path: CONTACT, contentType: "application/x-www-form-urlencoded" },
        { path: "/auth", contentType: "application/x-www-form-urlencoded" },
        { path: CONTACT, contentType: "multipart/form-data; boundary=xyz" },
        upload,
      ].map((target) => streamBody({ port, ...target, bytes: 256 * MB })),
    );
    clearInterval(sampler);
    expect(results.map((result) => result.status)).toEqual([413, 413, 413, 413]);
    // The server closed each connection long before the client could send it all.
    for (const result of results) expect(result.sentBytes).toBeLessThan(256 * MB);
    expect(peak - before).toBeLessThanOrEqual(50 * MB);
    expect((await fetch(server.url + "/healthz")).status).toBe(200);
  }, 60_000);

  it("a resume over 5 MB without JavaScript gets the form back with the spec's message and 413", async () => {
    const form = new FormData();
    form.set("firstName", "Ana");
    form.set("resume", new Blob([Buffer.alloc(5 * MB + 10, 0x25)], { type: "application/pdf" }), "cv.pdf");
    const response = await fetch(server.url + CAREERS, {
      method: "POST",
      headers: { Origin: server.url },
      body: form,
    });
    expect(response.status).toBe(413);
    expect(await response.text()).toContain("File size must be less than 5MB");
  });
});
