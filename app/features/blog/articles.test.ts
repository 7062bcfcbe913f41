/** The 15 articles against the catalogue of spec 02 §2: metadata, length, required details, calls to action. */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { canonicalPath, publicPages } from "~/public-routes";
import { blogCatalogue } from "./catalogue";
import { parseArticle } from "./markdown";
import { loadArticles } from "./vite-plugin";

const articles = loadArticles(path.resolve(import.meta.dirname, "../../../content/blog"));
const bySlug = (slug: string) => articles.find((a) => a.slug === slug)!;
const plainText = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/&amp;/g, "&");

// Spec 02 §2: destinations of articles 1-7 (5 is "not shown": ours goes to the services overview),
// and the labelled calls to action of articles 8-15, all to /contact.
const expectedCta: Record<number, { href: string; label?: string }> = {
  1: { href: "/contact/real-estate-lead-generation-services" },
  2: { href: "/contact/fix-flip-lead-generation" },
  3: { href: "/contact/lead-qualification-services" },
  4: { href: "/contact" },
  5: { href: "/services/real-estate-lead-generation-solutions" },
  6: { href: "/services/market-research" },
  7: { href: "/services/lead-nurturing" },
  8: { href: "/contact", label: "Start Cold Calling Campaign" },
  9: { href: "/contact", label: "Start Direct Mail Campaign" },
  10: { href: "/contact", label: "Start Social Media Campaign" },
  11: { href: "/contact", label: "Connect With Our Network" },
  12: { href: "/contact", label: "Learn About Probate Leads" },
  13: { href: "/contact", label: "Improve Your Metrics" },
  14: { href: "/contact", label: "Start Finding Foreclosure Deals" },
  15: { href: "/contact", label: "Start Scaling Your Business" },
};

describe("blog catalogue", () => {
  it("has the 15 articles in catalogue order with their slug, category and read time", () => {
    expect(articles.map((a) => [a.id, a.slug, a.category, a.readTime])).toEqual(
      blogCatalogue.map((e) => [e.id, e.slug, e.category, e.readTime]),
    );
  });

  it("features only the first article and lists the newest first", () => {
    expect(articles.filter((a) => a.featured).map((a) => a.id)).toEqual([1]);
    const dates = articles.map((a) => a.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(new Set(dates).size).toBe(15);
  });

  it("keeps the dates the catalogue gives and 2024 dates elsewhere", () => {
    const given: Record<number, string> = {
      9: "2024-11-25",
      10: "2024-11-22",
      11: "2024-11-20",
      12: "2024-11-18",
      13: "2024-11-15",
      14: "2024-11-12",
      15: "2024-11-10",
    };
    for (const article of articles) {
      expect(article.date.startsWith("2024-"), article.slug).toBe(true);
      if (given[article.id]) expect(article.date, article.slug).toBe(given[article.id]);
    }
  });

  it.each(articles.map((a) => [a.slug, a] as const))(
    "%s is as long as its read time at about 220 words a minute",
    (_slug, article) => {
      expect(article.wordCount).toBeGreaterThanOrEqual(article.readTime * 200);
      expect(article.wordCount).toBeLessThanOrEqual(article.readTime * 245);
    },
  );

  it.each(articles.map((a) => [a.id, a] as const))(
    "article %i ends with its call to action to a real route",
    (id, article) => {
      const expected = expectedCta[id]!;
      expect(article.cta.href).toBe(expected.href);
      if (expected.label) expect(article.cta.label).toBe(expected.label);
      const target = canonicalPath(article.cta.href);
      expect(publicPages.map((p) => p.path)).toContain(target);
    },
  );

  it("the cold calling article ends with the script, the close tip, the checklist and the cadence", () => {
    const text = plainText(bySlug("cold-calling-scripts-real-estate-lead-generation").bodyHtml);
    const markers = [
      "Appointment-Setting Script",
      "Assumptive-Close Tip",
      "Call Preparation Checklist",
      "Follow-Up Cadence",
    ];
    const positions = markers.map((m) => text.indexOf(m));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    const cadence = text.slice(positions[3]!);
    const touches = ["Day 1", "Day 3", "Week 2", "Month 1", "Quarter 1"].map((t) => cadence.indexOf(t));
    expect(touches.every((p) => p >= 0)).toBe(true);
    expect([...touches].sort((a, b) => a - b)).toEqual(touches);
  });

  it("the direct mail article gives the response figures and the touch schedule", () => {
    const text = plainText(bySlug("direct-mail-campaigns-real-estate-roi").bodyHtml);
    for (const detail of ["1-3%", "10-20%", "2 weeks", "1 month", "2 months", "3 months"]) {
      expect(text, detail).toContain(detail);
    }
  });

  it("the social media article has a Monday, Wednesday, Friday content calendar", () => {
    const text = plainText(bySlug("social-media-lead-generation-real-estate-investors").bodyHtml);
    for (const day of ["Monday", "Wednesday", "Friday"]) expect(text).toContain(day);
  });
});

describe("parseArticle", () => {
  const valid = `---
id: 1
slug: some-article
title: "A title that is long enough for the schema"
excerpt: "An excerpt that is long enough to pass the schema's minimum length of eighty characters in total."
author: Ann Author
authorRole: Writer
date: 2024-12-01
category: Probate
readTime: 1
featured: false
keywords: [one, two, three]
intro: "An introduction that is long enough to pass the schema's minimum of eighty characters easily."
cta:
  heading: Talk to us
  text: "A sentence that leads to the button."
  label: Contact us
  href: /contact
---
## Heading

Body with <script>alert(1)</script> raw HTML.
`;

  it("renders Markdown with heading ids and escapes raw HTML", () => {
    const article = parseArticle(valid, "some-article");
    expect(article.bodyHtml).toContain('<h2 id="heading">Heading</h2>');
    expect(article.bodyHtml).toContain("&lt;script&gt;");
    expect(article.bodyHtml).not.toContain("<script>");
  });

  it.each([
    ["a missing front matter", "no front matter", /missing front matter/],
    [
      "a slug that differs from the file name",
      valid.replace("slug: some-article", "slug: other"),
      /does not match/,
    ],
    ["an unknown category", valid.replace("category: Probate", "category: Cooking"), /front matter category/],
    ["a level-1 heading in the body", valid.replace("## Heading", "# Heading"), /level-1 heading/],
  ])("rejects %s", (_name, source, message) => {
    expect(() => parseArticle(source, "some-article")).toThrow(message);
  });
});
