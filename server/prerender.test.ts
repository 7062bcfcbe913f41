import { describe, expect, it } from "vitest";
import { withoutModulePreloads } from "./prerender";

describe("withoutModulePreloads", () => {
  it("drops module preloads and keeps stylesheets, prefetches and scripts", () => {
    const html =
      '<head><link rel="stylesheet" href="/assets/app.css"/><link rel="prefetch" href="/about"/></head>' +
      '<body><p>x</p><link rel="modulepreload" href="/assets/entry.client-A.js"/>' +
      '<link rel="modulepreload" href="/assets/root-B.js" crossorigin="anonymous"/>' +
      '<script type="module" async="">import "/assets/root-B.js";</script></body>';
    expect(withoutModulePreloads(html)).toBe(
      '<head><link rel="stylesheet" href="/assets/app.css"/><link rel="prefetch" href="/about"/></head>' +
        '<body><p>x</p><script type="module" async="">import "/assets/root-B.js";</script></body>',
    );
  });
});
