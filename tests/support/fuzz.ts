/**
 * A seeded HTTP fuzzer for the running server: malformed and hostile requests of the kinds an attacker or
 * a broken client sends (odd methods, bodies that are not what they claim, absurd multipart boundaries,
 * broken percent-encoding, foreign or malformed Origin headers, oversized cookies, chunked bodies). Requests
 * are written on raw sockets so nothing in between tidies them up. Loopback only.
 */
import net from "node:net";
import { randomSource, type Random } from "./random";

export interface FuzzTarget {
  /** Paths to aim at: every route of the product with real and bogus ids. */
  paths: string[];
  /** Cookie headers of signed-in users (admin, client), so private routes are reached too. */
  cookies: string[];
}

export interface FuzzRequest {
  method: string;
  path: string;
  headers: [string, string][];
  body?: Buffer;
  chunked: boolean;
}

const METHODS = [
  "GET",
  "HEAD",
  "POST",
  "POST",
  "POST",
  "PUT",
  "PATCH",
  "DELETE",
  "OPTIONS",
  "PROPFIND",
  "TRACE",
];
const INTENTS = [
  "sign-in",
  "sign-up",
  "resend",
  "status",
  "assign",
  "activity",
  "document",
  "delete",
  "feedback",
  "handled",
  "profile",
  "password",
  "invite",
  "role",
  "disable",
  "sold",
  "x".repeat(300),
  "",
];
const FIELD_NAMES = [
  "intent",
  "email",
  "password",
  "name",
  "subject",
  "message",
  "firstName",
  "lastName",
  "phone",
  "status",
  "clientId",
  "id",
  "redirectTo",
  "notes",
  "feedback",
  "description",
  "type",
  "position",
  "experience",
  "coverLetter",
  "soldPrice",
  "role",
];
const VALUES = [
  "",
  "a",
  "admin@example.com",
  "not-an-email",
  "00000000-0000-0000-0000-000000000000",
  "not-a-uuid",
  "-1",
  "1e309",
  "NaN",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "%00",
  "\u0000",
  "https://evil.example/",
  "//evil.example",
  "/admin",
  "🙂".repeat(50),
  "x".repeat(5000),
];

function pathVariant(random: Random, target: FuzzTarget): string {
  const base = random.pick(target.paths);
  switch (random.int(12)) {
    case 0:
      return base + "/%";
    case 1:
      return base + "%zz";
    case 2:
      return base + "/%E0%A4%A";
    case 3:
      return "/" + base.replace(/^\//, "").replace(/\//g, "//");
    case 4:
      return base + "/..%2f..%2fetc%2fpasswd";
    case 5:
      return base + ".data";
    case 6:
      return base + ".data?_routes=" + encodeURIComponent(random.pick(["root", "x", "routes/admin/layout"]));
    case 7:
      return base + "?index&" + random.pick(["a=%", "b=%zz", "page=-1", "page=99999999999", "q=%25"]);
    case 8:
      return base + "/" + "a".repeat(random.int(4000));
    case 9:
      return (
        base +
        "?" +
        random.pick(["status=bogus", "motivation=%FF", "client=..", "page=abc", "q=" + "x".repeat(3000)])
      );
    default:
      return base;
  }
}

function urlencoded(random: Random): string {
  const pairs: string[] = [];
  const n = random.int(8);
  if (random.chance(0.7)) pairs.push(`intent=${encodeURIComponent(random.pick(INTENTS))}`);
  for (let i = 0; i < n; i++) {
    pairs.push(`${encodeURIComponent(random.pick(FIELD_NAMES))}=${encodeURIComponent(random.pick(VALUES))}`);
  }
  if (random.chance(0.2)) pairs.push(random.pick(["%", "a=%zz", "%E0%A4=%A", "=&&=", "a==b"]));
  return pairs.join("&");
}

function multipart(random: Random, boundary: string): Buffer {
  const parts: string[] = [];
  const n = random.int(5);
  for (let i = 0; i < n; i++) {
    const name = random.pick([...FIELD_NAMES, "resume", "document"]);
    if (random.chance(0.3)) {
      parts.push(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${random.pick(["a.pdf", "", "../../x.exe", "x".repeat(500)])}"\r\nContent-Type: ${random.pick(["application/pdf", "image/png", "text/html", ""])}\r\n\r\n${random.pick(["%PDF-1.4\n", "MZ\x90\x00", "<html>", ""])}\r\n`,
      );
    } else {
      parts.push(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${random.pick(VALUES)}\r\n`,
      );
    }
  }
  if (random.chance(0.7)) parts.push(`--${boundary}--\r\n`);
  else if (random.chance(0.5))
    parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="x"\r\n\r\ntrunc`);
  return Buffer.from(parts.join(""), "latin1");
}

function body(random: Random): { type?: string; body?: Buffer } {
  switch (random.int(11)) {
    case 0:
      return {};
    case 1:
    case 2:
      return { type: "application/x-www-form-urlencoded", body: Buffer.from(urlencoded(random)) };
    case 3:
      return {
        type: "application/json",
        body: Buffer.from(JSON.stringify({ email: "a@b.co", message: "hi" })),
      };
    case 4:
      return {
        type: random.pick(["text/plain", "application/xml", "image/png", ""]),
        body: Buffer.from("<x>junk</x>"),
      };
    case 5: {
      const boundary = random.pick(["----lw" + random.int(1e9), "x"]);
      return { type: `multipart/form-data; boundary=${boundary}`, body: multipart(random, boundary) };
    }
    case 6:
      return { type: "multipart/form-data", body: multipart(random, "nope") };
    case 7:
      return { type: "multipart/form-data; boundary=", body: multipart(random, "") };
    case 8: {
      const boundary = "b".repeat(random.pick([71, 200, 5000]));
      return { type: `multipart/form-data; boundary=${boundary}`, body: multipart(random, boundary) };
    }
    case 9:
      return {
        type: "application/x-www-form-urlencoded",
        body: Buffer.from(Array.from({ length: random.int(4096) }, () => random.int(256))),
      };
    default:
      return {
        type: "application/x-www-form-urlencoded",
        body: Buffer.from("a=" + "x".repeat(random.int(200_000))),
      };
  }
}

const ORIGINS = [
  "SELF",
  "SELF",
  "SELF",
  undefined,
  "null",
  "not a url",
  "http://evil.example",
  "://",
  "http://[::1",
];

/**
 * A POST that passes the envelope checks (our origin, a form type, a signed-in cookie) with fuzzed fields,
 * so the actions' own validation is exercised, not only the server's.
 */
function wellFormedPost(random: Random, target: FuzzTarget, host: string): FuzzRequest {
  const headers: [string, string][] = [
    ["Host", host],
    ["Connection", "close"],
    ["Origin", `http://${host}`],
  ];
  if (target.cookies.length && random.chance(0.8)) headers.push(["Cookie", random.pick(target.cookies)]);
  let payload: Buffer;
  if (random.chance(0.75)) {
    headers.push(["Content-Type", "application/x-www-form-urlencoded"]);
    payload = Buffer.from(urlencoded(random));
  } else {
    const boundary = "----lw" + random.int(1e9);
    headers.push(["Content-Type", `multipart/form-data; boundary=${boundary}`]);
    payload = multipart(random, boundary);
  }
  const chunked = random.chance(0.3);
  headers.push(chunked ? ["Transfer-Encoding", "chunked"] : ["Content-Length", String(payload.length)]);
  // Signing out would end the fuzzer's sessions for the rest of the run.
  const base = random.pick(target.paths.filter((path) => path !== "/auth/sign-out"));
  const path = random.chance(0.3) ? (base === "/" ? "/_root.data" : `${base}.data`) : base;
  return { method: "POST", path, headers, body: payload, chunked };
}

/** One random request against `host` (host:port). */
export function fuzzRequest(random: Random, target: FuzzTarget, host: string): FuzzRequest {
  if (random.chance(0.4)) return wellFormedPost(random, target, host);
  const method = random.pick(METHODS);
  const headers: [string, string][] = [
    ["Host", host],
    ["Connection", "close"],
  ];
  const origin = random.pick(ORIGINS);
  if (origin) headers.push(["Origin", origin === "SELF" ? `http://${host}` : origin]);
  if (random.chance(0.1))
    headers.push(["Sec-Fetch-Site", random.pick(["cross-site", "same-origin", "bogus"])]);
  const cookieKind = random.int(6);
  if (cookieKind <= 2 && target.cookies.length) headers.push(["Cookie", random.pick(target.cookies)]);
  if (cookieKind === 3)
    headers.push(["Cookie", "better-auth.session_token=" + "%".repeat(random.int(200)) + ";;;=="]);
  if (cookieKind === 4) headers.push(["Cookie", "a=" + "x".repeat(random.pick([4000, 12000, 20000]))]);
  if (random.chance(0.2)) headers.push(["Accept-Encoding", random.pick(["gzip", "br", "identity;q=0", "*"])]);
  const { type, body: payload } = body(random);
  if (type !== undefined) headers.push(["Content-Type", type]);
  const chunked = payload !== undefined && random.chance(0.4);
  if (payload !== undefined && !chunked) headers.push(["Content-Length", String(payload.length)]);
  if (chunked) headers.push(["Transfer-Encoding", "chunked"]);
  return { method, path: pathVariant(random, target), headers, body: payload, chunked };
}

export interface FuzzResult {
  status: number;
  /** 0 when the connection closed without a status line (e.g. Node's own 400 for an invalid request). */
  millis: number;
}

/** Sends one request on a fresh socket; resolves with the status, or rejects on a hang. */
export function send(port: number, request: FuzzRequest, timeoutMs = 15_000): Promise<FuzzResult> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let head = "";
    let settled = false;
    const done = (status: number) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ status, millis: Date.now() - started });
    };
    const timer = setTimeout(() => {
      if (settled) return;
      settled = true;
      socket.destroy();
      reject(
        new Error(`hang: no answer in ${timeoutMs} ms to ${request.method} ${request.path.slice(0, 200)}`),
      );
    }, timeoutMs);
    socket.on("data", (chunk: Buffer) => {
      head += chunk.toString("latin1");
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(head);
      if (match) done(Number(match[1]));
      else if (head.length > 64) done(0);
    });
    socket.on("error", () => done(0));
    socket.on("close", () => done(0));
    socket.on("connect", () => {
      const lines = [
        `${request.method} ${request.path} HTTP/1.1`,
        ...request.headers.map(([k, v]) => `${k}: ${v}`),
      ];
      socket.write(Buffer.from(lines.join("\r\n") + "\r\n\r\n", "latin1"));
      if (request.body) {
        if (request.chunked) {
          for (let at = 0; at < request.body.length; at += 8192) {
            const piece = request.body.subarray(at, at + 8192);
            socket.write(piece.length.toString(16) + "\r\n");
            socket.write(piece);
            socket.write("\r\n");
          }
          socket.write("0\r\n\r\n");
        } else {
          socket.write(request.body);
        }
      }
    });
  });
}

export interface FuzzReport {
  sent: number;
  statuses: Map<number, number>;
  failures: string[];
  millis: number;
}

/** Sends `count` seeded requests, `concurrency` at a time; failures list every 5xx and every hang. */
export async function fuzz(options: {
  port: number;
  target: FuzzTarget;
  count: number;
  seed: number;
  concurrency?: number;
}): Promise<FuzzReport> {
  const random = randomSource(options.seed);
  const host = `127.0.0.1:${options.port}`;
  const statuses = new Map<number, number>();
  const failures: string[] = [];
  const started = Date.now();
  let next = 0;
  const worker = async () => {
    while (next < options.count) {
      next++;
      const request = fuzzRequest(random, options.target, host);
      const label = `${request.method} ${request.path.slice(0, 120)} [${request.headers
        .filter(([k]) => k !== "Host" && k !== "Connection")
        .map(([k, v]) => `${k}: ${v.slice(0, 60)}`)
        .join("; ")}]${request.chunked ? " chunked" : ""}`;
      try {
        const result = await send(options.port, request);
        statuses.set(result.status, (statuses.get(result.status) ?? 0) + 1);
        // No status line at all means the server dropped the connection without an answer.
        if (result.status >= 500 || result.status === 0) failures.push(`${result.status} ${label}`);
      } catch (error) {
        failures.push((error as Error).message);
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 8 }, worker));
  return { sent: options.count, statuses, failures, millis: Date.now() - started };
}
