/**
 * Full fuzz run: `npx tsx bench/fuzz.ts [count] [seed]` (needs `npm run build`). Starts a server of its own,
 * sends `count` (default 10,000) seeded malformed requests on loopback, and prints the statuses, the
 * rate, and every 5xx or hang; exits 1 if there was any.
 */
import { fuzz } from "../tests/support/fuzz";
import { startFuzzTarget } from "../tests/support/fuzz-target";
import { parseLogLines } from "../tests/support/server-process";

const count = Number(process.argv[2] ?? 10_000);
const seed = Number(process.argv[3] ?? 20261123);
const { server, target, port } = await startFuzzTarget();
const before = server.output().split("\n").length;
const report = await fuzz({ port, target, count, seed });
const logLines = server.output().split("\n").slice(before);
await server.stop();
// The log is JSON lines: a stack would sit in an error's `err.stack`.
const stackLines = parseLogLines(logLines.join("\n")).filter((entry) => entry.err !== undefined).length;
const statuses = [...report.statuses.entries()].sort(([a], [b]) => a - b);
console.log(
  `requests: ${report.sent} in ${(report.millis / 1000).toFixed(1)} s (${Math.round((report.sent / report.millis) * 1000)}/s), seed ${seed}`,
);
console.log(`statuses: ${statuses.map(([status, n]) => `${status}: ${n}`).join(", ")}`);
console.log(`server log: ${logLines.length} lines, ${stackLines} errors with a stack`);
for (const failure of report.failures.slice(0, 50)) console.log(`  FAIL ${failure}`);
if (report.failures.length > 50) console.log(`  ... and ${report.failures.length - 50} more`);
console.log(report.failures.length ? `${report.failures.length} failures` : "0 failures (no 5xx, no hang)");
if (process.env.FUZZ_LOG) console.log(logLines.join("\n"));
process.exit(report.failures.length || stackLines ? 1 : 0);
