/** The production server over plain HTTP: redirects, status codes, headers and machine-readable files. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { blogCatalogue } from "~/features/blog/catalogue";
import { paths, shortPathRedirects } from "~/lib/site";
import { publicPages } from "~/public-routes";
import { appForFile } from "../support/e2e-app";
import { startServerProcess } from "../support/server-process";

const app = appForFile({ browser: false });
const get = (path: string, init?: RequestInit) => app.http(path, init);

describe("redirects", () => {
  it.each(Object.entries(shortPathRedirects))("%s answers 301 to %s", async (from, to) => {
    const response = await get(from);
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(to);
  });

  it.each(blogCatalogue.map((entry) => [entry.id, entry.slug] as const))(
    "/blog/%i answers 301 to its article",
    async (id, slug) => {
      const response = await get(`/blog/${id}`);
      expect(response.status).toBe(301);
      expect(response.headers.get("location")).toBe(`/blog/${slug}`);
    },
  );

  it("redirects on exact paths only", async () => {
    expect((await get("/blog/")).status).toBe(404);
    expect((await get("/services/fix-and-flip/more")).status).toBe(404);
    expect((await get("/blog/16")).status).toBe(404);
  });
});

describe("pages", () => {
  it.each(publicPages.map((p) => p.path))(
    "%s answers 200 with a canonical link and valid JSON-LD",
    async (path) => {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toContain("text/html");
      const html = await response.text();
      expect(html).toMatch(/<link rel="canonical" href="http:\/\/[^"]+"/);
      const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
      const types = blocks.map((block) => (JSON.parse(block[1]!) as { "@type": string })["@type"]);
      expect(types).toEqual(expect.arrayContaining(["Organization", "ProfessionalService"]));
      if (path !== "/") expect(types).toContain("BreadcrumbList");
      if (path.startsWith("/blog/") && path !== paths.blog) expect(types).toContain("Article");
    },
  );

  it("answers unknown paths with 404 and the not-found page", async () => {
    for (const path of ["/nope", "/services/unknown", "/blog/not-an-article", "/a/b/c"]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(html).toContain("Oops! Page not found");
      expect(html).toContain('content="noindex, nofollow"');
    }
  });

  it("serves static pages compressed with a hash-based CSP and no unsafe-inline scripts", async () => {
    const response = await get("/", { headers: { "accept-encoding": "br, gzip" } });
    expect(response.headers.get("content-encoding")).toBe("br");
    const csp = response.headers.get("content-security-policy")!;
    expect(csp).toMatch(/script-src 'self' 'sha256-/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("form pages load their one page script, not the app: no inline module, no module preloads", async () => {
    for (const path of [
      "/contact/real-estate-lead-generation-services",
      "/careers/real-estate-lead-generation-jobs",
    ]) {
      const html = await (await get(path)).text();
      expect(html, path).toMatch(/<script type="module" src="\/assets\/site-forms-[\w-]+\.js"/);
      expect(html, path).not.toMatch(/<script type="module"[^>]*>[^<]*import/);
      expect(html, path).not.toContain('rel="modulepreload"');
    }
  });

  it("renders per request with a fresh nonce when a query string is present", async () => {
    const first = await get("/?utm_source=test");
    const second = await get("/?utm_source=test");
    const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];
    const [a, b] = [
      nonceOf(first.headers.get("content-security-policy")),
      nonceOf(second.headers.get("content-security-policy")),
    ];
    expect(a).toBeTruthy();
    expect(a).not.toBe(b);
    expect(await first.text()).toContain(`nonce="${a}"`);
  });

  it("serves hashed assets with immutable caching", async () => {
    const html = await (await get(paths.contact)).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const response = await get(asset!, { headers: { "accept-encoding": "gzip" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-encoding")).toBe("gzip");
  });

  it("refuses a cross-site form post", async () => {
    const response = await get(paths.contact, {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
      body: "name=x",
    });
    expect(response.status).toBe(403);
  });
});

describe("machine-readable resources", () => {
  it("GET /healthz says the process is alive and which database it uses", async () => {
    const response = await get("/healthz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "pglite" });
  });

  it("sitemap.xml lists every indexable public page and all 15 articles", async () => {
    const xml = await (await get("/sitemap.xml")).text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(locs).toEqual(publicPages.filter((p) => p.inSitemap).map((p) => p.path));
    expect(locs.filter((l) => l.startsWith("/blog/") && l !== paths.blog)).toHaveLength(15);
  });

  it("blog/rss.xml is an RSS 2.0 feed of all 15 articles, newest first", async () => {
    const response = await get("/blog/rss.xml");
    expect(response.headers.get("content-type")).toContain("application/rss+xml");
    const xml = await response.text();
    expect(xml).toContain('<rss version="2.0"');
    const links = [...xml.matchAll(/<item>[\s\S]*?<link>([^<]+)<\/link>/g)].map(
      (m) => new URL(m[1]!).pathname,
    );
    expect(links).toEqual(blogCatalogue.map((entry) => `/blog/${entry.slug}`));
  });

  it("the blog index features the first article and lists the other 14", async () => {
    const html = await (await get(paths.blog)).text();
    expect(html).toContain("Latest Articles");
    const linked = new Set([...html.matchAll(/href="\/blog\/([a-z0-9-]+)"/g)].map((m) => m[1]));
    for (const entry of blogCatalogue) expect(linked.has(entry.slug), entry.slug).toBe(true);
  });

  it("an article page has its back link, metadata and call to action in the server HTML", async () => {
    const html = await (await get("/blog/direct-mail-campaigns-real-estate-roi")).text();
    expect(html).toContain(`href="${paths.blog}"`);
    expect(html).toContain("Back to all articles");
    expect(html).toContain("Start Direct Mail Campaign");
    expect(html).toContain(`href="${paths.contact}"`);
    expect(html).toContain('<meta property="og:type" content="article"/>');
    expect(html).toMatch(/<time dateTime="2024-11-25">November 25, 2024<\/time>/);
  });

  it("robots.txt points to the sitemap and keeps private areas out", async () => {
    const text = await (await get("/robots.txt")).text();
    expect(text).toMatch(/^Sitemap: http:\/\/.+\/sitemap\.xml$/m);
    expect(text).toContain("Disallow: /admin");
  });

  it("sw.js is a JavaScript worker that is never HTTP-cached", async () => {
    const response = await get("/sw.js");
    expect(response.headers.get("content-type")).toContain("text/javascript");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(await response.text()).toContain('addEventListener("fetch"');
  });
});

describe("start-up", () => {
  it("refuses a second server on the same data folder with a clear message", async () => {
    const first = await startServerProcess();
    try {
      const second = startServerProcess({ DATA_DIR: first.dataDir });
      await expect(second).rejects.toThrow(/in use by another Leadworks process \(pid \d+\)/);
    } finally {
      expect(await first.stop()).toBe(0);
    }
    expect(first.messages()).toContain("[server] stopped");
  });

  it("makes its data folder private, tightening one an earlier run left open, in one log line", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lw-e2e-loose-"));
    const mailDir = path.join(dataDir, "mail");
    fs.mkdirSync(mailDir);
    fs.writeFileSync(path.join(mailDir, "old.eml"), "To: someone@example.com\n\nold");
    fs.chmodSync(dataDir, 0o755);
    fs.chmodSync(mailDir, 0o755);
    fs.chmodSync(path.join(mailDir, "old.eml"), 0o644);
    const modeOf = (...parts: string[]) => fs.statSync(path.join(dataDir, ...parts)).mode & 0o777;
    const server = await startServerProcess({ DATA_DIR: dataDir });
    try {
      const lines = server.messages().filter((line) => line.startsWith("[data]"));
      expect(lines).toEqual([
        `[data] ${dataDir}: tightened 3 path(s) open to other users to 0700 (folders) / 0600 (files): ` +
          ". 0755, mail 0755, mail/old.eml 0644",
      ]);
      expect(modeOf()).toBe(0o700);
      expect(modeOf("mail")).toBe(0o700);
      expect(modeOf("mail", "old.eml")).toBe(0o600);
      expect(modeOf("pglite")).toBe(0o700);
      expect(modeOf("leadworks.lock")).toBe(0o600);
      // The auth secret is generated on first use: a request with a session cookie needs it.
      const account = await fetch(server.url + "/account", {
        headers: { cookie: "leadworks.session_token=not-a-session" },
        redirect: "manual",
      });
      expect(account.status).toBe(302);
      expect(modeOf("auth-secret")).toBe(0o600);
    } finally {
      expect(await server.stop()).toBe(0);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("stops with one clear line on a bad configuration value", async () => {
    await expect(startServerProcess({ PORT: "not-a-port" })).rejects.toThrow(
      /Invalid environment variable PORT: /,
    );
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    "runs on a PostgreSQL server when DATABASE_URL is set",
    async () => {
      const server = await startServerProcess({ DATABASE_URL: process.env.TEST_DATABASE_URL! });
      try {
        expect(await (await fetch(server.url + "/healthz")).json()).toEqual({
          status: "ok",
          database: "postgres",
        });
      } finally {
        await server.stop();
      }
    },
  );
});
