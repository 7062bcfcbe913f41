/**
 * What loading a signed-in page costs a phone's main thread (ADR 054): the demo data (cli/seed-demo.ts)
 * in a fresh embedded database, the built server on it, the demo admin signed in, and each page of
 * PAGES opened BENCH_RUNS times (3) in Chromium at BENCH_CPU_THROTTLE (4x) at 390x844 and 1280x800: the
 * longest task after navigation and the total blocking time (the time of each task over 50 ms), both
 * from the Long Tasks API until 1.5 s after the network is quiet. A task held that long is how long a
 * tap or a key waits if it comes then. Beside them the host probe (support.ts hostProbeMs).
 *
 *   npm run build && npx tsx bench/long-tasks.ts
 *
 * No goal of an issue sets these; they are for comparing builds on one machine (take turns between the
 * two builds: a shared host's speed moves by a third from one minute to the next).
 */
import { chromium, type Browser } from "playwright-core";
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from "../cli/seed-demo/fixtures/accounts";
import { sendSignInForm, viewports } from "../tests/support/browser";
import { execFileSync } from "node:child_process";
import {
  chromiumFlags,
  chromiumPath,
  hostProbeMs,
  onCleanup,
  printTable,
  requireBuild,
  root,
  run,
  startServer,
  tempDir,
} from "./support";

const PAGES = ["/admin", "/admin/leads", "/admin/returns", "/admin/insights"];
const runs = Number(process.env.BENCH_RUNS ?? 3);
const cpuThrottle = Number(process.env.BENCH_CPU_THROTTLE ?? 4);

declare global {
  interface Window {
    __longTasks: number[];
  }
}

async function signedIn(browser: Browser, baseUrl: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${baseUrl}/auth`, { waitUntil: "networkidle" });
  await sendSignInForm(page, { email: DEMO_ADMIN_EMAIL, password: DEMO_PASSWORD });
  await page.waitForURL(`${baseUrl}/`);
  await page.close();
  return context;
}

run(async () => {
  requireBuild();
  const dataDir = tempDir("lw-bench-long-tasks-");
  execFileSync("npx", ["tsx", "cli/seed-demo.ts"], { cwd: root, env: { ...process.env, DATA_DIR: dataDir } });
  const server = await startServer({ DATA_DIR: dataDir });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  onCleanup(() => browser.close());
  const context = await signedIn(browser, server.url);
  const rows: (string | number)[][] = [];
  for (const [width, viewport] of Object.entries(viewports)) {
    for (const path of PAGES) {
      const longest: number[] = [];
      const blocking: number[] = [];
      const probes: number[] = [];
      for (let i = 0; i < runs; i++) {
        probes.push(hostProbeMs());
        const page = await context.newPage();
        await page.setViewportSize(viewport);
        const cdp = await context.newCDPSession(page);
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuThrottle });
        await page.addInitScript(() => {
          window.__longTasks = [];
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
          }).observe({ type: "longtask", buffered: true });
        });
        await page.goto(server.url + path, { waitUntil: "networkidle" });
        await page.waitForTimeout(1500);
        const tasks = await page.evaluate(() => window.__longTasks);
        longest.push(Math.round(Math.max(0, ...tasks)));
        blocking.push(Math.round(tasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0)));
        await page.close();
      }
      rows.push([width, path, longest.join(" "), blocking.join(" "), probes.join(" ")]);
      console.log(`  ${width} ${path}: longest ${longest.join(" ")} ms, blocking ${blocking.join(" ")} ms`);
    }
  }
  console.log(`\nChromium at ${cpuThrottle}x CPU throttling, demo data, ${runs} loads a page\n`);
  printTable(["width", "page", "longest task ms", "total blocking ms", "host probe ms"], rows);
});
