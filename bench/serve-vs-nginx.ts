/**
 * Requests/second for the home page from our production server against nginx serving the very same HTML
 * as a static file, both on 127.0.0.1 and both asked for gzip (our server sends a precompressed copy from
 * memory; nginx compresses on the fly with `gzip on`). Load comes from wrk (a separate process, so it does
 * not share the Node event loop): `wrk -t2 -c50 -d10s`, 3 rounds, rotating which server goes first.
 * A third server, nginx with `gzip_static` and a precompressed index.html.gz, shows nginx on the same
 * footing as ours (no compression per request).
 * Target: ours/nginx >= 0.25.
 *
 *   npx tsx bench/serve-vs-nginx.ts
 *
 * Writes bench/results/serve-vs-nginx.json.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import {
  buildInfo,
  freePort,
  machine,
  median,
  onCleanup,
  printTable,
  requireBuild,
  run,
  startServer,
  tempDir,
  writeResult,
} from "./support";

const rounds = 3;
const wrkArgs = { threads: 2, connections: 50, duration: "10s" };
const target = 0.25;

/** One GET with `Accept-Encoding: gzip`, no decompression: status, encoding and bytes on the wire. */
function probe(url: string): Promise<{ status: number; encoding: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "gzip" } }, (res) => {
        let bytes = 0;
        res.on("data", (chunk: Buffer) => (bytes += chunk.length));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            encoding: String(res.headers["content-encoding"] ?? "identity"),
            bytes,
          }),
        );
      })
      .on("error", reject);
  });
}

interface WrkResult {
  requestsPerSecond: number;
  latencyAvg: string;
  latencyP99?: string;
  transferPerSecond: string;
  errors: string | null;
  non2xx: number;
}

/** Runs wrk in its own process and parses its summary. */
function wrk(url: string): Promise<WrkResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      "wrk",
      [
        `-t${wrkArgs.threads}`,
        `-c${wrkArgs.connections}`,
        `-d${wrkArgs.duration}`,
        "--latency",
        "-H",
        "Accept-Encoding: gzip",
        url,
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    onCleanup(() => {
      if (child.exitCode === null) child.kill("SIGTERM");
    });
    let out = "";
    child.stdout.on("data", (c) => (out += c));
    child.stderr.on("data", (c) => (out += c));
    child.on("error", reject);
    child.on("exit", (code) => {
      const rps = /Requests\/sec:\s+([\d.]+)/.exec(out);
      if (code !== 0 || !rps) return reject(new Error(`wrk failed (${code}):\n${out}`));
      resolve({
        requestsPerSecond: Number(rps[1]),
        latencyAvg: /Latency\s+(\S+)/.exec(out)?.[1] ?? "?",
        latencyP99: /\s99%\s+(\S+)/.exec(out)?.[1],
        transferPerSecond: /Transfer\/sec:\s+(\S+)/.exec(out)?.[1] ?? "?",
        errors: /Socket errors:.*/.exec(out)?.[0] ?? null,
        non2xx: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0),
      });
    });
  });
}

/**
 * Starts nginx in the foreground with its own config and prefix, with two servers over the same files:
 * one compressing on the fly (`gzip on`, the comparison asked for) and one sending the precompressed
 * index.html.gz (`gzip_static on`, like our server). Resolves with both URLs once they answer.
 */
async function startNginx(htmlDir: string): Promise<{ nginx: string; nginxStatic: string }> {
  const prefix = tempDir("lw-bench-nginx-");
  for (const dir of ["logs", "client_body", "proxy", "fastcgi", "uwsgi", "scgi"]) {
    fs.mkdirSync(path.join(prefix, dir));
  }
  const port = await freePort();
  const staticPort = await freePort();
  const conf = path.join(prefix, "nginx.conf");
  fs.writeFileSync(
    conf,
    `${process.getuid?.() === 0 ? "user root;\n" : ""}worker_processes 2;
daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  gzip on;
  client_body_temp_path ${prefix}/client_body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${htmlDir};
    location / { index index.html; }
  }
  server {
    listen 127.0.0.1:${staticPort};
    root ${htmlDir};
    gzip off;
    gzip_static on;
    location / { index index.html; }
  }
}
`,
  );
  const test = spawnSync("nginx", ["-t", "-q", "-p", prefix, "-c", conf], { encoding: "utf8" });
  if (test.status !== 0) throw new Error(`nginx config test failed:\n${test.stderr}`);

  const child = spawn("nginx", ["-p", prefix, "-c", conf], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (c) => (output += c));
  child.stderr.on("data", (c) => (output += c));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  onCleanup(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  });
  const urls = { nginx: `http://127.0.0.1:${port}/`, nginxStatic: `http://127.0.0.1:${staticPort}/` };
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited:\n${output}`);
    try {
      if ((await probe(urls.nginx)).status === 200 && (await probe(urls.nginxStatic)).status === 200)
        return urls;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nginx did not answer in 10 s:\n${output}`);
}

type Name = "ours" | "nginx" | "nginxStatic";
const names: Name[] = ["ours", "nginx", "nginxStatic"];
const labels: Record<Name, string> = {
  ours: "ours",
  nginx: "nginx (gzip on)",
  nginxStatic: "nginx (gzip_static)",
};
const labelWidth = Math.max(...Object.values(labels).map((l) => l.length));

run(async () => {
  requireBuild();
  const which = spawnSync("wrk", ["--version"], { encoding: "utf8" });
  if (which.error) throw new Error("wrk is not installed");

  const server = await startServer();
  const ours = new URL("/", server.url).href;
  const htmlDir = tempDir("lw-bench-html-");
  fs.chmodSync(htmlDir, 0o755);
  const html = await (await fetch(ours)).text();
  fs.writeFileSync(path.join(htmlDir, "index.html"), html);
  fs.writeFileSync(path.join(htmlDir, "index.html.gz"), zlib.gzipSync(html, { level: 9 }));
  const { nginx, nginxStatic } = await startNginx(htmlDir);

  const servers: Record<Name, string> = { ours, nginx, nginxStatic };
  const probes = {
    ours: await probe(ours),
    nginx: await probe(nginx),
    nginxStatic: await probe(nginxStatic),
  };
  console.log(`home page HTML: ${Buffer.byteLength(html)} bytes uncompressed`);
  for (const name of names) {
    const p = probes[name];
    console.log(`${labels[name].padEnd(labelWidth)}  ${servers[name]}  (${p.encoding}, ${p.bytes} bytes)`);
    if (p.status !== 200 || p.encoding !== "gzip") {
      throw new Error(`${name} answered ${p.status} with ${p.encoding}; expected 200 gzip`);
    }
  }

  // A short warm-up each (JIT, caches), not counted.
  console.log("warming up...");
  for (const url of Object.values(servers)) {
    await new Promise<void>((resolve, reject) => {
      const w = spawn("wrk", ["-t1", "-c10", "-d2s", "-H", "Accept-Encoding: gzip", url], {
        stdio: "ignore",
      });
      w.on("exit", () => resolve());
      w.on("error", reject);
    });
  }

  const results: { round: number; server: Name; result: WrkResult }[] = [];
  for (let round = 1; round <= rounds; round++) {
    // Rotate the order so no server always runs first or last.
    const order = names.map((_, i) => names[(i + round - 1) % names.length]!);
    for (const name of order) {
      const result = await wrk(servers[name]);
      results.push({ round, server: name, result });
      console.log(
        `round ${round} ${labels[name].padEnd(labelWidth)} ${Math.round(result.requestsPerSecond)} req/s, ` +
          `latency avg ${result.latencyAvg}, p99 ${result.latencyP99 ?? "?"}` +
          (result.non2xx ? `, ${result.non2xx} non-2xx` : "") +
          (result.errors ? `, ${result.errors}` : ""),
      );
    }
  }

  const rps = (name: Name) =>
    results
      .filter((r) => r.server === name)
      .sort((a, b) => a.round - b.round)
      .map((r) => r.result.requestsPerSecond);
  const medians = Object.fromEntries(names.map((n) => [n, median(rps(n))])) as Record<Name, number>;
  const ratio = medians.ours / medians.nginx;
  const ratioStatic = medians.ours / medians.nginxStatic;
  const r2 = (n: number) => Math.round(n * 100) / 100;

  console.log(
    `\nGET / with Accept-Encoding: gzip, wrk -t${wrkArgs.threads} -c${wrkArgs.connections} -d${wrkArgs.duration}, req/s\n`,
  );
  printTable(
    ["round", "ours", labels.nginx, labels.nginxStatic, "ours/nginx", "ours/nginx static"],
    [
      ...Array.from({ length: rounds }, (_, i) => {
        const [o, n, s] = names.map((name) => rps(name)[i]!) as [number, number, number];
        return [String(i + 1), Math.round(o), Math.round(n), Math.round(s), r2(o / n), r2(o / s)];
      }),
      [
        "median",
        Math.round(medians.ours),
        Math.round(medians.nginx),
        Math.round(medians.nginxStatic),
        r2(ratio),
        r2(ratioStatic),
      ],
    ],
  );
  console.log(
    `\nratio ours/nginx (gzip on) ${ratio.toFixed(2)}: ${ratio >= target ? "meets" : "BELOW"} the ${target} target` +
      ` (against precompressed gzip_static: ${ratioStatic.toFixed(2)})`,
  );
  const problems = results.filter((r) => r.result.non2xx > 0 || r.result.errors);
  if (problems.length > 0) console.log("warning: some runs had socket errors or non-2xx answers (see above)");

  const file = writeResult("serve-vs-nginx", {
    machine: machine(),
    build: buildInfo(),
    wrk: wrkArgs,
    rounds,
    htmlBytes: Buffer.byteLength(html),
    probes,
    results,
    medians,
    ratio,
    ratioAgainstGzipStatic: ratioStatic,
    target,
    meetsTarget: ratio >= target,
  });
  console.log(`written to ${file}`);
});
