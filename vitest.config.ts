import { defineConfig } from "vitest/config";
import { enhanceScripts } from "./app/enhance/vite-plugin.ts";
import { blogArticles } from "./app/features/blog/vite-plugin.ts";

// Three projects: unit tests beside the code, integration tests against PGlite and (when
// TEST_DATABASE_URL is set) PostgreSQL, and browser tests driving Chromium against the built server.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  define: { __BUILD_VERSION__: JSON.stringify("test") },
  plugins: [blogArticles(), enhanceScripts()],
  test: {
    setupFiles: ["./tests/support/fail-on-console-error.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "app/**/*.test.{ts,tsx}",
            "server/**/*.test.ts",
            "cli/**/*.test.ts",
            "eslint-boundaries.test.ts",
          ],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["./tests/support/e2e-global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 90_000,
          // One shared server and one browser per file; files run one after another on this 2-core machine.
          fileParallelism: false,
        },
      },
    ],
  },
});
