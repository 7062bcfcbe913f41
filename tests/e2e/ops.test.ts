/**
 * Logs, health and metrics of the real server process: every line it writes to stdout is JSON, each
 * request gets one line with its id (sent back as X-Request-Id), method, path, route, status, duration and
 * user; forms posted with known secrets leave none of them in the log; /healthz, /readyz and /metrics
 * answer as documented and stay out of the sitemap, the caches and the request metrics.
 */
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServerProcess, type LogLine, type ServerProcess } from "../support/server-process";
import { userCli } from "../support/user-cli";

const CONTACT = "/contact/real-estate-lead-generation-services";
const TOKEN = "e2e-metrics-token-0123456789abcdef";
const ADMIN = { email: "ops.admin@example.com", password: "Ops-Admin-Passw0rd-SECRET-1" };
/** Strings posted or sent in headers that must never reach the log. */
const SECRETS = {
  wrongPassword: "Wrong-Passw0rd-SECRET-2",
  messageBody: "PRIVATE-MESSAGE-BODY-SECRET-3 about my divorce sale",
  senderName: "Privatina Secretson",
  resetToken: "RESET-TOKEN-SECRET-4",
  bearer: "BEARER-SECRET-5",
  cookie: "COOKIE-SECRET-6",
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let server: ServerProcess;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lw-e2e-ops-"));
  const made = userCli(
    dataDir,
    "add",
    "--email",
    ADMIN.email,
    "--password",
    ADMIN.password,
    "--role",
    "admin",
  );
  expect(made.status, made.output).toBe(0);
  server = await startServerProcess({
    DATA_DIR: dataDir,
    LOG_LEVEL: "debug",
    METRICS_TOKEN: TOKEN,
    // Not the test's address: /metrics needs the token here.
    METRICS_ALLOW: "192.0.2.0/24",
  });
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const url = (p: string) => server.url + p;
const form = (p: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(url(p), {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields),
  });

/** The request line with this id, once the server has written it. */
async function lineOf(reqId: string): Promise<LogLine> {
  for (let i = 0; i < 100; i++) {
    const line = server.logLines().find((entry) => entry.reqId === reqId && entry.msg.startsWith("[http]"));
    if (line) return line;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no request line for ${reqId}`);
}

describe("request lines", () => {
  it("keeps a sane X-Request-Id, sends it back and logs one line with the request's facts", async () => {
    const response = await fetch(url("/"), { headers: { "X-Request-Id": "e2e-req-0001" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toBe("e2e-req-0001");
    const line = await lineOf("e2e-req-0001");
    expect(line).toMatchObject({ level: "info", method: "GET", path: "/", route: "/", status: 200 });
    expect(line.ms).toEqual(expect.any(Number));
    expect(line).not.toHaveProperty("userId");
    expect(server.logLines().filter((entry) => entry.reqId === "e2e-req-0001")).toHaveLength(1);
  });

  it("replaces an id that is not sane with a new one", async () => {
    const response = await fetch(url("/blog/real-estate-lead-generation-insights"), {
      headers: { "X-Request-Id": "not sane <id>" },
    });
    const id = response.headers.get("x-request-id")!;
    expect(id).toMatch(UUID);
    expect((await lineOf(id)).path).toBe("/blog/real-estate-lead-generation-insights");
  });

  it("logs the route pattern and the path without its query, and a refusal's reason on the same line", async () => {
    const lead = "/client/leads/0b7f3c1e-1111-4222-8333-444455556666?tab=notes&token=x";
    const id = (await fetch(url(lead), { redirect: "manual" })).headers.get("x-request-id")!;
    expect(await lineOf(id)).toMatchObject({
      path: "/client/leads/0b7f3c1e-1111-4222-8333-444455556666",
      route: "/client/leads/:id",
      status: 302,
    });
    const refused = await fetch(url(CONTACT), { method: "PROPFIND" });
    expect(refused.status).toBe(405);
    expect(await lineOf(refused.headers.get("x-request-id")!)).toMatchObject({
      level: "warn",
      method: "PROPFIND",
      route: "/contact/real-estate-lead-generation-services",
      status: 405,
      refusal: "method PROPFIND",
    });
  });

  it("names the signed-in user on their requests", async () => {
    const signIn = await form("/auth", { intent: "sign-in", email: ADMIN.email, password: ADMIN.password });
    expect(signIn.status).toBe(302);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const account = await fetch(url("/account"), { headers: { cookie } });
    expect(account.status).toBe(200);
    const line = await lineOf(account.headers.get("x-request-id")!);
    expect(line).toMatchObject({ route: "/account", status: 200 });
    expect(line.userId).toEqual(expect.any(String));
    // The session token itself is never logged.
    const token = decodeURIComponent(/session_token=([^;.]+)/.exec(cookie)![1]!);
    expect(server.output()).not.toContain(token);
  });

  it("writes the line of a client that left mid-body, as aborted and not as an error", async () => {
    const port = Number(new URL(server.url).port);
    const socket = net.connect(port, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write(
      `POST ${CONTACT} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${server.url}\r\n` +
        "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 5000\r\nX-Request-Id: e2e-aborted-1\r\n\r\nname=half",
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.destroy();
    expect(await lineOf("e2e-aborted-1")).toMatchObject({ method: "POST", aborted: true, status: null });
    expect(server.logLines().filter((entry) => entry.level === "error")).toEqual([]);
  });
});

describe("secrets", () => {
  it("posting forms and links with known secrets leaves none of them in the log", async () => {
    expect(
      (await form("/auth", { intent: "sign-in", email: ADMIN.email, password: SECRETS.wrongPassword }))
        .status,
    ).toBe(401);
    const sent = await form(CONTACT, {
      name: SECRETS.senderName,
      email: "private.sender@example.com",
      company: "",
      subject: "Selling",
      message: SECRETS.messageBody,
    });
    expect(sent.status).toBeLessThan(400);
    await fetch(url(`/auth/reset-password?token=${SECRETS.resetToken}`));
    await fetch(url("/account"), {
      redirect: "manual",
      headers: {
        Authorization: `Bearer ${SECRETS.bearer}`,
        Cookie: `leadworks.session_token=${SECRETS.cookie}; other=${SECRETS.cookie}`,
      },
    });
    expect(
      (await fetch(url("/metrics"), { headers: { Authorization: `Bearer ${SECRETS.bearer}` } })).status,
    ).toBe(404);
    expect((await fetch(url("/metrics"), { headers: { Authorization: `Bearer ${TOKEN}` } })).status).toBe(
      200,
    );
    // The contact form's e-mails are written (and logged) by the mail worker.
    for (let i = 0; i < 100 && server.messages().filter((m) => m.startsWith("[mail] wrote")).length < 2; i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.messages().filter((m) => m.startsWith("[mail] wrote")).length).toBeGreaterThanOrEqual(2);

    const output = server.output();
    for (const [name, secret] of Object.entries({
      ...SECRETS,
      password: ADMIN.password,
      metricsToken: TOKEN,
      senderEmail: "private.sender",
    }))
      expect(output, name).not.toContain(secret);
    // Every line is a JSON object with a level and a message.
    for (const line of server.logLines())
      expect(line).toMatchObject({ level: expect.any(String), msg: expect.any(String) });
  });
});

describe("health and metrics", () => {
  it("/healthz is alive and /readyz ready, never cached, each with a request id, logged at debug level", async () => {
    const health = await fetch(url("/healthz"));
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok", database: "pglite" });
    const ready = await fetch(url("/readyz"));
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: "ready",
      checks: { database: "ok", migrations: "ok", mail: "ok", webhooks: "ok", imports: "ok", routing: "ok" },
    });
    for (const response of [health, ready]) {
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await lineOf(response.headers.get("x-request-id")!)).toMatchObject({
        level: "debug",
        status: 200,
      });
    }
    expect((await fetch(url("/readyz"), { method: "HEAD" })).status).toBe(200);
  });

  it("/metrics is 404 without the token, Prometheus text with it, by route pattern and without the probes", async () => {
    expect((await fetch(url("/metrics"))).status).toBe(404);
    await fetch(url("/client/leads/9d1c8a7e-2222-4333-8444-555566667777"), { redirect: "manual" });
    const response = await fetch(url("/metrics"), { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const text = await response.text();
    expect(text).toMatch(
      /^leadworks_http_request_duration_seconds_count\{method="GET",route="\/",status="200"\} \d+$/m,
    );
    expect(text).toMatch(/route="\/client\/leads\/:id",status="302"/);
    expect(text).not.toContain("9d1c8a7e");
    expect(text).not.toMatch(/route="\/(healthz|readyz|metrics)"/);
    expect(text).toMatch(/^leadworks_queue_backlog\{queue="mail"\} \d+$/m);
    expect(text).toMatch(/^leadworks_import_jobs\{state="queued"\} 0$/m);
    expect(text).toMatch(/^leadworks_event_stream_clients 0$/m);
    expect(text).toMatch(/^leadworks_db_pool_connections\{state="total"\} 1$/m);
    // Every job of the one list (server/jobs.ts): the queues and their workers, the periodic tasks.
    for (const queue of ["mail", "webhooks", "imports"]) {
      expect(text).toMatch(new RegExp(`^leadworks_queue_backlog\\{queue="${queue}"\\} \\d+$`, "m"));
      expect(text).toMatch(new RegExp(`^leadworks_queue_failed\\{queue="${queue}"\\} 0$`, "m"));
      expect(text).toMatch(new RegExp(`^leadworks_worker_up\\{worker="${queue}"\\} 1$`, "m"));
      expect(text).toMatch(new RegExp(`^leadworks_job_failures_total\\{job="${queue}"\\} 0$`, "m"));
    }
    // The cluster tasks run at start on a new database; the embedded upkeep waits its first period.
    for (const task of ["prune-rate-limit-hits", "prune-idempotency-keys", "compact-insight-counts"])
      expect(text).toMatch(
        new RegExp(`^leadworks_periodic_last_success_timestamp_seconds\\{task="${task}"\\} [1-9]`, "m"),
      );
    expect(text).toMatch(/^leadworks_periodic_last_success_timestamp_seconds\{task="tidy-tables"\} 0$/m);
    expect(text).toMatch(/^leadworks_periodic_failures\{task="prune-rate-limit-hits"\} 0$/m);
  });

  it("keeps the ops endpoints out of the sitemap", async () => {
    const sitemap = await (await fetch(url("/sitemap.xml"))).text();
    expect(sitemap).toContain("<loc>");
    for (const p of ["/healthz", "/readyz", "/metrics"]) expect(sitemap).not.toContain(p);
  });
});
