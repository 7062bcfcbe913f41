/**
 * Lighthouse 12 (default mobile preset: emulated Moto G Power, simulated slow-4G and 4x CPU throttling)
 * against every public page in the sitemap, or only the paths given as arguments:
 *
 *   npx tsx bench/lighthouse.ts                 # every page with inSitemap: true
 *   npx tsx bench/lighthouse.ts / /blog/...     # a subset
 *
 * Prints the four category scores per page and, per page, every audit that scored below 1 in any of
 * the four categories. One Chromium serves all pages. Writes bench/results/lighthouse.json.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { publicPages } from "../app/public-routes";
import {
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

/** Up to three URLs or element snippets named in an audit's table or list details. */
function detailItems(details: unknown): string[] {
  const found: string[] = [];
  const visit = (value: unknown, depth: number) => {
    if (found.length >= 3 || depth > 4 || value === null || typeof value !== "object") return;
    const record = value as Record<string, unknown>;
    if (record.type === "node" && typeof record.snippet === "string") {
      found.push(
        `${record.snippet.slice(0, 120)}${record.nodeLabel ? ` (${String(record.nodeLabel).slice(0, 60)})` : ""}`,
      );
      return;
    }
    if (typeof record.url === "string" && /^https?:/.test(record.url)) {
      if (!found.includes(record.url)) found.push(record.url);
      return;
    }
    for (const key of ["items", "node", "subItems"]) {
      const child = record[key];
      if (Array.isArray(child)) child.forEach((c) => visit(c, depth + 1));
      else visit(child, depth + 1);
    }
  };
  visit(details, 0);
  return found;
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
  console.log(`server at ${server.url}; ${paths.length} page(s)`);

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
    const runnerResult = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...categoryIds],
    });
    if (!runnerResult) throw new Error(`Lighthouse returned nothing for ${url}`);
    const lhr = runnerResult.lhr;

    const scores: Record<string, number | null> = {};
    const flagged = new Map<string, FlaggedAudit>();
    for (const categoryId of categoryIds) {
      const category = lhr.categories[categoryId];
      scores[categoryId] = category?.score == null ? null : Math.round(category.score * 100);
      for (const ref of category?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (!audit) continue;
        const failed =
          audit.scoreDisplayMode === "error" ||
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
    console.log(`[${index + 1}/${paths.length}] ${path}: ${s} (${result.seconds} s)`);
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
      ...metricIds.map((id) => (p.metrics[id]?.display ?? "-").replace(/\u00a0/g, " ")),
    ]),
  );

  console.log("\nAudits below 1 (category, weight in its score, score, value):");
  for (const p of pages) {
    if (p.flagged.length === 0 && p.runWarnings.length === 0) continue;
    console.log(`\n${p.path}`);
    for (const a of p.flagged) {
      const cats = a.categories.map((c) => categoryShort[c as (typeof categoryIds)[number]] ?? c).join("+");
      const score = a.scoreDisplayMode === "error" ? "error" : String(a.score);
      const value = a.displayValue ? `, ${a.displayValue.replace(/\u00a0/g, " ")}` : "";
      console.log(`  ${a.id} [${cats}, w${a.weight}, ${score}${value}] ${a.title}`);
      for (const item of a.items) console.log(`      ${item}`);
    }
    for (const w of p.runWarnings) console.log(`  run warning: ${w}`);
  }

  const counts = new Map<string, { title: string; pages: number }>();
  for (const p of pages) {
    for (const a of p.flagged) {
      const c = counts.get(a.id) ?? { title: a.title, pages: 0 };
      c.pages += 1;
      counts.set(a.id, c);
    }
  }
  if (counts.size > 0) {
    console.log("\nFlagged audits by number of pages:\n");
    printTable(
      ["audit", "pages", "title"],
      [...counts.entries()].sort((a, b) => b[1].pages - a[1].pages).map(([id, c]) => [id, c.pages, c.title]),
    );
  }
  const minima = categoryIds.map((c) => {
    const values = pages.map((p) => p.scores[c]).filter((v): v is number => v !== null);
    return `${categoryShort[c]} ${values.length ? Math.min(...values) : "-"}`;
  });
  console.log(`\nlowest scores: ${minima.join(", ")}; ${pages.length} pages in ${totalSeconds} s`);

  const file = writeResult("lighthouse", {
    tool: "lighthouse 12.8.2, default config (mobile, simulated throttling)",
    machine: machine(),
    totalSeconds,
    pages,
  });
  console.log(`written to ${file}`);
});
