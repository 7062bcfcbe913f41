/**
 * Lighthouse 12 (default mobile preset: emulated Moto G Power, simulated slow-4G and 4x CPU throttling)
 * against every public page in the sitemap, or only the paths given as arguments:
 *
 *   npx tsx bench/lighthouse.ts                 # every page with inSitemap: true
 *   npx tsx bench/lighthouse.ts / /blog/...     # a subset
 *
 * Prints the four category scores per page and, per page, every audit that scored below 1 in any of
 * the four categories. One Chromium serves all pages. Writes bench/results/lighthouse.json.
 *
 * BENCH_RUNS (default 1) runs each page that many times and keeps the median run by performance score, as
 * Lighthouse's own guidance does for variance: on a shared 2-CPU host one run's Total Blocking Time moves
 * by 100-200 ms from a neighbour's work alone. The load average is printed before and after, because the
 * simulated 4x CPU throttle multiplies whatever the host is doing at the time.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import os from "node:os";
import { publicPages } from "../app/public-routes";
import {
  buildInfo,
  chromiumFlags,
  chromiumPath,
  machine,
  onCleanup,
  printTable,
  requireBuild,
  run,
  startServer,
  writeResult,
} from "./support";

const categoryIds = ["performance", "accessibility", "best-practices", "seo"] as const;
const categoryShort: Record<(typeof categoryIds)[number], string> = {
  performance: "perf",
  accessibility: "a11y",
  "best-practices": "bp",
  seo: "seo",
};
const metricIds = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
  "speed-index",
] as const;

interface FlaggedAudit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  categories: string[];
  /** Weight in the category score (0 for diagnostics that do not count). */
  weight: number;
  /** The first few offending URLs or elements from the audit's details, to know where to look. */
  items: string[];
}

interface PageResult {
  path: string;
  url: string;
  seconds: number;
  scores: Record<string, number | null>;
  metrics: Record<string, { value: number | undefined; display: string | undefined }>;
  flagged: FlaggedAudit[];
  runWarnings: string[];
  runtimeError?: string;
}

/** Up to three URLs, source locations or element snippets named in an audit's details. */
function detailItems(details: unknown): string[] {
  const found: string[] = [];
  const add = (item: string) => {
    if (found.length < 3 && !found.includes(item)) found.push(item);
  };
  const visit = (value: unknown, depth: number) => {
    if (found.length >= 3 || depth > 10 || value === null || typeof value !== "object") return;
    if (Array.isArray(value)) return value.forEach((v) => visit(v, depth + 1));
    const record = value as Record<string, unknown>;
    if (record.type === "node" && typeof record.snippet === "string") {
      const label = record.nodeLabel ? ` (${String(record.nodeLabel).slice(0, 60)})` : "";
      return add(`${record.snippet.slice(0, 120)}${label}`);
    }
    if (record.type === "source-location" && typeof record.url === "string") {
      return add(`${record.url}:${Number(record.line) + 1}:${Number(record.column) + 1}`);
    }
    if (typeof record.url === "string" && /^https?:/.test(record.url)) add(record.url);
    if (typeof record.issueType === "string") add(`issue type: ${record.issueType}`);
    for (const [key, child] of Object.entries(record)) {
      if (!["headings", "debugData", "description", "title"].includes(key)) visit(child, depth + 1);
    }
  };
  visit(details, 0);
  return found;
}

const runsPerPage = Math.max(1, Math.floor(Number(process.env.BENCH_RUNS ?? 1)) || 1);
const loadNow = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

const short = (categoryId: string) => categoryShort[categoryId as (typeof categoryIds)[number]] ?? categoryId;
const nbsp = (text: string) => text.replace(/\u00a0/g, " ");

/** One Lighthouse run; a trace can fail on a busy machine (NO_NAVSTART, NO_FCP), so up to three tries. */
async function auditOnce(url: string, path: string, port: number) {
  let lhr;
  for (let attempt = 1; attempt <= 3; attempt++) {
    const runnerResult = await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...categoryIds],
    });
    if (!runnerResult) throw new Error(`Lighthouse returned nothing for ${url}`);
    lhr = runnerResult.lhr;
    if (!lhr.runtimeError) break;
    console.log(`  ${path}: ${lhr.runtimeError.code} on attempt ${attempt}`);
  }
  if (!lhr) throw new Error("unreachable");
  return lhr;
}

run(async () => {
  requireBuild();
  const sitemapPaths = publicPages.filter((p) => p.inSitemap).map((p) => p.path);
  const args = process.argv.slice(2);
  const unknown = args.filter((a) => !publicPages.some((p) => p.path === a));
  if (unknown.length > 0) {
    console.warn(`not in publicPages (run anyway): ${unknown.join(", ")}`);
  }
  const paths = args.length > 0 ? args : sitemapPaths;

  const server = await startServer();
  const loadBefore = loadNow();
  console.log(
    `server at ${server.url}; ${paths.length} page(s), ${runsPerPage} run(s) each; load average ${loadBefore}`,
  );

  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: chromiumFlags,
    logLevel: "silent",
  });
  onCleanup(() => chrome.kill());

  const started = Date.now();
  const pages: PageResult[] = [];
  for (const [index, path] of paths.entries()) {
    const url = new URL(path, server.url).href;
    const t0 = Date.now();
    const runs = [];
    for (let n = 0; n < runsPerPage; n++) runs.push(await auditOnce(url, path, chrome.port));
    // The median run by performance score (the other three categories do not vary between runs).
    runs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
    const lhr = runs[Math.floor((runs.length - 1) / 2)]!;
    const perfRuns = runs.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100));

    const scores: Record<string, number | null> = {};
    const flagged = new Map<string, FlaggedAudit>();
    for (const categoryId of categoryIds) {
      const category = lhr.categories[categoryId];
      scores[categoryId] = category?.score == null ? null : Math.round(category.score * 100);
      for (const ref of category?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (!audit) continue;
        const failed =
          (audit.scoreDisplayMode === "error" && !lhr.runtimeError) ||
          (audit.score !== null &&
            audit.score < 1 &&
            !["informational", "notApplicable", "manual"].includes(audit.scoreDisplayMode));
        if (!failed) continue;
        const existing = flagged.get(ref.id);
        if (existing) {
          existing.categories.push(categoryId);
          existing.weight = Math.max(existing.weight, ref.weight);
        } else {
          flagged.set(ref.id, {
            id: ref.id,
            title: audit.title,
            score: audit.score,
            scoreDisplayMode: audit.scoreDisplayMode,
            displayValue: audit.displayValue,
            categories: [categoryId],
            weight: ref.weight,
            items: detailItems(audit.details),
          });
        }
      }
    }
    const metrics: PageResult["metrics"] = {};
    for (const id of metricIds) {
      metrics[id] = { value: lhr.audits[id]?.numericValue, display: lhr.audits[id]?.displayValue };
    }
    const result: PageResult = {
      path,
      url,
      seconds: Math.round((Date.now() - t0) / 100) / 10,
      scores,
      metrics,
      flagged: [...flagged.values()],
      runWarnings: lhr.runWarnings,
      runtimeError: lhr.runtimeError?.message,
    };
    pages.push(result);
    const s = categoryIds.map((c) => `${categoryShort[c]} ${scores[c] ?? "-"}`).join(", ");
    const spread = runs.length > 1 ? `; perf of the runs ${perfRuns.join(", ")}` : "";
    console.log(`[${index + 1}/${paths.length}] ${path}: ${s} (${result.seconds} s${spread})`);
    if (result.runtimeError) console.log(`  runtime error: ${result.runtimeError}`);
  }
  const totalSeconds = Math.round((Date.now() - started) / 1000);

  console.log("\nLighthouse 12, default mobile preset (simulated throttling)\n");
  printTable(
    ["page", "perf", "a11y", "bp", "seo", "FCP", "LCP", "TBT", "CLS", "SI"],
    pages.map((p) => [
      p.path,
      p.scores.performance ?? "-",
      p.scores.accessibility ?? "-",
      p.scores["best-practices"] ?? "-",
      p.scores.seo ?? "-",
      ...metricIds.map((id) => nbsp(p.metrics[id]?.display ?? "-")),
    ]),
  );

  console.log("\nAudits below 1 per page (* = counts in a category score; see the table below for titles):");
  for (const p of pages) {
    if (p.runtimeError) console.log(`\n${p.path}\n  runtime error: ${p.runtimeError}`);
    if (p.flagged.length === 0 && p.runWarnings.length === 0) continue;
    console.log(`\n${p.path}`);
    const ids = p.flagged.map((a) => {
      const score = a.scoreDisplayMode === "error" ? "error" : String(Math.round((a.score ?? 0) * 100) / 100);
      return `${a.id}${a.weight > 0 ? "*" : ""} ${score}`;
    });
    console.log(`  ${ids.join(", ")}`);
    for (const w of p.runWarnings) console.log(`  run warning: ${w}`);
  }

  const byAudit = new Map<
    string,
    { audit: FlaggedAudit; pages: number; worst: number; items: Set<string> }
  >();
  for (const p of pages) {
    for (const a of p.flagged) {
      const entry = byAudit.get(a.id) ?? { audit: a, pages: 0, worst: 1, items: new Set<string>() };
      entry.pages += 1;
      entry.worst = Math.min(entry.worst, a.score ?? 0);
      for (const item of a.items) entry.items.add(nbsp(item).replace(server.url, ""));
      byAudit.set(a.id, entry);
    }
  }
  if (byAudit.size > 0) {
    console.log("\nFlagged audits over all pages (cat: category, w: weight in its score, worst score):\n");
    const sorted = [...byAudit.values()].sort(
      (a, b) => b.pages - a.pages || b.audit.weight - a.audit.weight || a.worst - b.worst,
    );
    printTable(
      ["audit", "pages", "cat", "w", "worst", "title"],
      sorted.map((e) => [
        e.audit.id,
        e.pages,
        e.audit.categories.map(short).join("+"),
        e.audit.weight,
        Math.round(e.worst * 100) / 100,
        nbsp(e.audit.title),
      ]),
    );
    console.log("\nWhere (first URLs, source locations or elements named by each audit):");
    for (const e of sorted) {
      if (e.items.size > 0) console.log(`  ${e.audit.id}: ${[...e.items].slice(0, 4).join("  ")}`);
    }
  }
  const minima = categoryIds.map((c) => {
    const values = pages.map((p) => p.scores[c]).filter((v): v is number => v !== null);
    return `${categoryShort[c]} ${values.length ? Math.min(...values) : "-"}`;
  });
  console.log(`\nlowest scores: ${minima.join(", ")}; ${pages.length} pages in ${totalSeconds} s`);
  console.log(
    `load average before ${loadBefore}, after ${loadNow()} (1, 5, 15 min; ${os.cpus().length} CPUs)`,
  );

  const file = writeResult("lighthouse", {
    tool: "lighthouse 12.8.2, default config (mobile, simulated throttling)",
    machine: machine(),
    build: buildInfo(),
    totalSeconds,
    runsPerPage,
    pages,
  });
  console.log(`written to ${file}`);
});
