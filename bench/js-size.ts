/**
 * The JavaScript a browser downloads for the home page: loads / in Chromium (playwright-core), waits for
 * network idle (plus 5 s for the idle-time prefetch of key pages), lists every script response, then
 * fetches each script again over raw HTTP twice, with `Accept-Encoding: gzip` and with `identity`, and
 * counts the body bytes on the wire. Budget: the page's own in app/public-routes.ts (0 KB for pages
 * complete as HTML, 60 KB for the form and account pages), 120 KB for any other page.
 *
 *   npx tsx bench/js-size.ts [path]     # default path: /
 *
 * Writes bench/results/js-size.json.
 */
import http from "node:http";
import { chromium, type Response } from "playwright-core";
import { accountPageScriptBudgets, publicPages } from "../app/public-routes";
import {
  buildInfo,
  chromiumFlags,
  chromiumPath,
  kb,
  machine,
  onCleanup,
  printTable,
  requireBuild,
  run,
  startServer,
  writeResult,
} from "./support";

/** The budget of a page outside the public URL table (the signed-in areas). */
const APP_PAGE_BUDGET_KB = 120;

interface Fetched {
  status: number;
  encoding: string;
  bytes: number;
  body: Buffer;
}

/** GETs a URL over plain node:http (no automatic decompression) and counts the body bytes as sent. */
function fetchRaw(url: string, acceptEncoding: string): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { "accept-encoding": acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const body = Buffer.concat(chunks);
        resolve({
          status: res.statusCode ?? 0,
          encoding: String(res.headers["content-encoding"] ?? "identity"),
          bytes: body.length,
          body,
        });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

interface ScriptRow {
  url: string;
  /** Where the browser got it: the page or the service worker registration. */
  initiator: "page" | "service-worker";
  /**
   * "own": the entry and the matched routes' modules (what the page runs); "prefetch": modules of other
   * routes fetched ahead of a navigation; "other": anything else.
   */
  role: "own" | "prefetch" | "other" | "service-worker";
  browserEncoding: string;
  /** Body bytes the browser received (its own Accept-Encoding, usually br). */
  browserBytes: number;
  gzipBytes: number;
  /** True when the server answered the gzip request uncompressed (files too small to gain). */
  sentUncompressed: boolean;
  rawBytes: number;
}

run(async () => {
  requireBuild();
  const pagePath = process.argv[2] ?? "/";
  const budgetKb =
    [...publicPages, ...accountPageScriptBudgets].find(
      (page) => new URL(page.path, "http://x").pathname === new URL(pagePath, "http://x").pathname,
    )?.scriptBudgetKb ?? APP_PAGE_BUDGET_KB;
  const server = await startServer();
  const pageUrl = new URL(pagePath, server.url).href;
  console.log(`server at ${server.url}; measuring ${pageUrl}`);

  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  onCleanup(() => browser.close());
  const context = await browser.newContext();
  const page = await context.newPage();

  const seen = new Map<string, { initiator: ScriptRow["initiator"]; encoding: string; bytes: number }>();
  const pending: Promise<void>[] = [];
  const record = (response: Response, initiator: ScriptRow["initiator"]) => {
    const request = response.request();
    const type = response.headers()["content-type"] ?? "";
    const isScript = request.resourceType() === "script" || /javascript|ecmascript/.test(type);
    if (!isScript || !response.url().startsWith("http")) return;
    pending.push(
      (async () => {
        const sizes = await request.sizes().catch(() => null);
        const encoding = response.headers()["content-encoding"] ?? "identity";
        const bytes = sizes?.responseBodySize ?? 0;
        if (!seen.has(response.url())) seen.set(response.url(), { initiator, encoding, bytes });
      })(),
    );
  };
  // The context sees the page's responses and the service worker's (sw.js is fetched after load).
  context.on("response", (response) =>
    record(response, response.request().serviceWorker() ? "service-worker" : "page"),
  );

  const response = await page.goto(pageUrl, { waitUntil: "networkidle" });
  if (!response?.ok()) throw new Error(`${pageUrl} answered ${response?.status()}`);
  // The service worker registers after load and key pages are prefetched once the browser is idle
  // (requestIdleCallback, 4 s timeout): wait past both, then for network idle again.
  await page.waitForTimeout(5000);
  await page.waitForLoadState("networkidle");
  const swScript = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker?.getRegistration();
    const worker = registration?.active ?? registration?.waiting ?? registration?.installing;
    return worker?.scriptURL ?? null;
  });
  await Promise.all(pending);
  if (swScript && !seen.has(swScript))
    seen.set(swScript, { initiator: "service-worker", encoding: "?", bytes: 0 });

  // The page's own module graph, from React Router's manifest: the entry plus the matched routes.
  const own = new Set(
    await page.evaluate(() => {
      const w = window as unknown as {
        __reactRouterManifest?: {
          entry: { module: string; imports?: string[] };
          routes: Record<string, { module: string; imports?: string[] }>;
        };
        __reactRouterDataRouter?: { state: { matches: { route: { id: string } }[] } };
      };
      const manifest = w.__reactRouterManifest;
      if (!manifest) return [];
      const loaded = (w.__reactRouterDataRouter?.state.matches ?? []).map((m) => m.route.id);
      const routes = loaded.map((id) => manifest.routes[id]).filter((r) => r !== undefined);
      return [manifest.entry, ...routes]
        .flatMap((m) => [m.module, ...(m.imports ?? [])])
        .map((href) => new URL(href, location.href).href);
    }),
  );
  // A page without React has no manifest: what it loads is all its own.
  if (own.size === 0) for (const url of seen.keys()) own.add(url);
  const prefetchTargets = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"], link[rel="prefetch"]')].map(
      (l) => l.href,
    ),
  );

  const rows: ScriptRow[] = [];
  for (const [url, info] of seen) {
    const gz = await fetchRaw(url, "gzip");
    const raw = await fetchRaw(url, "identity");
    if (gz.status !== 200 || raw.status !== 200) throw new Error(`${url}: status ${gz.status}/${raw.status}`);
    // What a gzip-only client receives: small files the server sends uncompressed count as they are.
    const sentUncompressed = gz.encoding !== "gzip";
    rows.push({
      url,
      initiator: info.initiator,
      role:
        info.initiator === "service-worker"
          ? "service-worker"
          : own.has(url)
            ? "own"
            : prefetchTargets.includes(url)
              ? "prefetch"
              : "other",
      browserEncoding: info.encoding,
      browserBytes: info.bytes,
      gzipBytes: gz.bytes,
      sentUncompressed,
      rawBytes: raw.bytes,
    });
  }
  const order = ["own", "prefetch", "other", "service-worker"];
  rows.sort((a, b) => order.indexOf(a.role) - order.indexOf(b.role) || b.gzipBytes - a.gzipBytes);

  const pageRows = rows.filter((r) => r.initiator === "page");
  const workerRows = rows.filter((r) => r.initiator === "service-worker");
  const sum = (list: ScriptRow[], key: "gzipBytes" | "rawBytes" | "browserBytes") =>
    list.reduce((n, r) => n + r[key], 0);
  const ownRows = pageRows.filter((r) => r.role === "own");
  const ownTotals = {
    files: ownRows.length,
    gzipBytes: sum(ownRows, "gzipBytes"),
    rawBytes: sum(ownRows, "rawBytes"),
  };
  const totals = {
    files: pageRows.length,
    gzipBytes: sum(pageRows, "gzipBytes"),
    rawBytes: sum(pageRows, "rawBytes"),
    browserBytes: sum(pageRows, "browserBytes"),
  };
  const name = (url: string) => new URL(url).pathname;

  console.log(`\nJavaScript loaded by ${pagePath} (KB = 1024 bytes)\n`);
  printTable(
    ["script", "role", "gzip KB", "raw KB", "browser KB", "browser enc"],
    [
      ...rows.map((r) => [
        `${name(r.url)}${r.sentUncompressed ? " *" : ""}`,
        r.role,
        kb(r.gzipBytes),
        kb(r.rawBytes),
        kb(r.browserBytes),
        r.browserEncoding,
      ]),
      [
        `subtotal, the page's own modules (${ownTotals.files} files)`,
        "",
        kb(ownTotals.gzipBytes),
        kb(ownTotals.rawBytes),
        "",
        "",
      ],
      [
        `total, page scripts (${totals.files} files)`,
        "",
        kb(totals.gzipBytes),
        kb(totals.rawBytes),
        kb(totals.browserBytes),
        "",
      ],
    ],
  );
  console.log(
    "roles: own = entry + matched routes (React Router manifest); prefetch = other routes' modules fetched ahead",
  );
  if (rows.some((r) => r.sentUncompressed))
    console.log("* sent uncompressed to a gzip client (too small to gain)");
  if (!swScript) console.log("note: no service worker was registered within 5 s of network idle");
  if (workerRows.length > 0) {
    console.log(
      `service worker script(s), fetched after load and not counted in the total: ${kb(sum(workerRows, "gzipBytes"))} KB gzip`,
    );
  }
  const withinBudget = kb(totals.gzipBytes) <= budgetKb;
  console.log(
    `\ntotal gzip ${kb(totals.gzipBytes)} KB: ${withinBudget ? "within" : "OVER"} the ${budgetKb} KB budget`,
  );

  const file = writeResult("js-size", {
    page: pagePath,
    machine: machine(),
    build: buildInfo(),
    budgetKb,
    withinBudget,
    totals: { ...totals, gzipKb: kb(totals.gzipBytes), rawKb: kb(totals.rawBytes) },
    ownModules: { ...ownTotals, gzipKb: kb(ownTotals.gzipBytes), rawKb: kb(ownTotals.rawBytes) },
    serviceWorkerRegistered: swScript,
    serviceWorker: workerRows,
    scripts: pageRows,
  });
  console.log(`written to ${file}`);
});
