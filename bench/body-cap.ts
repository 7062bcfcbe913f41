/**
 * Body cap under attack: `npx tsx bench/body-cap.ts [gigabytes] [clients]` (needs `npm run build`). Starts a
 * server of its own and has `clients` (default 4) parallel clients each try to stream `gigabytes` (default
 * 1) of chunked body at the contact form, the sign-in form and the job application (an upload route).
 * Prints each answer, what each client got to send, and the server's resident memory before, at peak
 * and after. Goal: every answer 413 and the peak within +50 MB of the start.
 */
import { residentBytes, streamBody } from "../tests/support/body-stream";
import { startServerProcess } from "../tests/support/server-process";

const gigabytes = Number(process.argv[2] ?? 1);
const clients = Number(process.argv[3] ?? 4);
const server = await startServerProcess();
const port = Number(new URL(server.url).port);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

// Warm up the routes once so their first-use allocations are not counted as the attack's.
for (const path of [
  "/contact/real-estate-lead-generation-services",
  "/auth",
  "/careers/real-estate-lead-generation-jobs",
]) {
  await fetch(server.url + path);
}
const before = await residentBytes(server.pid);
let peak = before;
const sampler = setInterval(() => {
  void residentBytes(server.pid).then((rss) => (peak = Math.max(peak, rss)));
}, 50);

const targets = [
  { path: "/contact/real-estate-lead-generation-services", contentType: "application/x-www-form-urlencoded" },
  { path: "/auth", contentType: "application/x-www-form-urlencoded" },
  {
    path: "/careers/real-estate-lead-generation-jobs",
    contentType: "multipart/form-data; boundary=xyz",
    prefix:
      '--xyz\r\nContent-Disposition: form-data; name="resume"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n',
  },
  { path: "/contact/real-estate-lead-generation-services", contentType: "multipart/form-data; boundary=xyz" },
];
const started = Date.now();
const results = await Promise.all(
  Array.from({ length: clients }, (_, i) =>
    streamBody({ port, ...targets[i % targets.length]!, bytes: gigabytes * 1024 ** 3 }).then((result) => ({
      ...result,
      path: targets[i % targets.length]!.path,
    })),
  ),
);
clearInterval(sampler);
const after = await residentBytes(server.pid);
const stillAlive = (await fetch(server.url + "/healthz")).status;
await server.stop();

for (const result of results) {
  console.log(
    `${result.path}: ${result.status}, client sent ${mb(result.sentBytes)} before the server closed, ${result.millis} ms`,
  );
}
console.log(
  `server RSS: before ${mb(before)}, peak ${mb(peak)} (+${mb(peak - before)}), after ${mb(after)}; /healthz ${stillAlive}; ${Date.now() - started} ms`,
);
const ok =
  results.every((result) => result.status === 413) && peak - before <= 50 * 1024 * 1024 && stillAlive === 200;
console.log(ok ? "OK: every stream refused with 413, memory flat" : "FAIL");
process.exit(ok ? 0 : 1);
