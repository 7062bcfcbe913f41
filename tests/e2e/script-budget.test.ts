/**
 * Every public page and account form page within its JavaScript budget (app/public-routes.ts, ADR 055), as an anonymous visitor
 * gets it: the scripts the HTML names (src, module preloads, inline module imports) and, through each
 * script's static imports, everything they pull in. Sizes are gzip at level 9 of the bytes served, so the
 * result depends on the build alone, never on timing. A failure names each file with its size.
 */
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { accountPageScriptBudgets, publicPages } from "~/public-routes";
import { appForFile } from "../support/e2e-app";

const app = appForFile({ browser: false });

/** The scripts an HTML page names: external scripts, module preloads, the imports of inline modules. */
function scriptsNamedBy(html: string): string[] {
  const named = [
    ...[...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!),
    ...[...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]!),
    ...[...html.matchAll(/<script\b[^>]*type="module"[^>]*>([^<]+)<\/script>/g)].flatMap((m) =>
      importsOf(m[1]!),
    ),
  ];
  return [...new Set(named)];
}

/** The static and dynamic import specifiers of a module's code (minified or not). */
function importsOf(code: string): string[] {
  return [...code.matchAll(/\b(?:import|from)\s*\(?\s*["'`]([^"'`]+\.js)["'`]/g)].map((m) => m[1]!);
}

interface Loaded {
  url: string;
  gzipBytes: number;
}

/** Fetches each script and what it imports, once each, with its gzip size. */
async function loadAll(pageUrl: string, first: string[]): Promise<Loaded[]> {
  const seen = new Map<string, Loaded>();
  const queue = first.map((specifier) => new URL(specifier, pageUrl).href);
  while (queue.length > 0) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    const response = await fetch(url, { headers: { "accept-encoding": "identity" } });
    expect(response.status, url).toBe(200);
    const body = Buffer.from(await response.arrayBuffer());
    seen.set(url, { url, gzipBytes: zlib.gzipSync(body, { level: 9 }).length });
    for (const specifier of importsOf(body.toString("utf8"))) queue.push(new URL(specifier, url).href);
  }
  return [...seen.values()];
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

describe("JavaScript budget of the public pages", () => {
  it("finds the imports of a module in any of the forms a bundler writes", () => {
    expect(
      importsOf(`import{a}from"./chunk-a.js";import "./b.js";export*from'./c.js';import("./d.js")`),
    ).toEqual(["./chunk-a.js", "./b.js", "./c.js", "./d.js"]);
    expect(
      scriptsNamedBy(
        `<link rel="modulepreload" href="/assets/x.js"/><script type="module" src="/assets/y.js"></script>` +
          `<script type="module">import "/assets/z.js";</script><script>var inline = 1;</script>`,
      ),
    ).toEqual(["/assets/y.js", "/assets/x.js", "/assets/z.js"]);
  });

  it.each(
    [...publicPages, ...accountPageScriptBudgets].map((page) => [page.path, page.scriptBudgetKb] as const),
  )("%s ships at most %d KB of gzip JavaScript", async (path, budgetKb) => {
    const response = await app.http(path);
    expect(response.status).toBe(200);
    const pageUrl = new URL(path, app.url).href;
    const scripts = await loadAll(pageUrl, scriptsNamedBy(await response.text()));
    const total = scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
    const listing = scripts
      .sort((a, b) => b.gzipBytes - a.gzipBytes)
      .map((script) => `${new URL(script.url).pathname} ${kb(script.gzipBytes)} KB`)
      .join(", ");
    expect(
      kb(total),
      `${path}: ${kb(total)} KB gzip over its ${budgetKb} KB budget: ${listing}`,
    ).toBeLessThanOrEqual(budgetKb);
  });
});
