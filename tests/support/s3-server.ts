/**
 * A local S3-compatible server (s3rver) on 127.0.0.1 for tests: a free port, one bucket, its objects in
 * a temporary directory removed on `stop()`. `env` is what FILE_STORAGE=s3 needs to reach it.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { s3ObjectStore, type ObjectStore, type S3Settings } from "~/lib/files/object-store.server";

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  env: Record<string, string>;
  /** The same, parsed as the app parses it. */
  settings: S3Settings;
  /** Every key in the bucket under `prefix`, sorted. */
  keys(prefix?: string): Promise<string[]>;
  /** A store on this server, as the app would make it. */
  store(): Promise<ObjectStore>;
  /** Stops the server (again: nothing). */
  stop(): Promise<void>;
}

export async function startS3Server(bucket = "leadworks-test"): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "leadworks-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver's fixed development credentials.
  const env = {
    FILE_STORAGE: "s3",
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "true",
  };
  const settings: S3Settings = { ...env, S3_FORCE_PATH_STYLE: true };
  const store = () => s3ObjectStore(settings);
  let stopped = false;
  return {
    endpoint,
    bucket,
    env,
    settings,
    store,
    async keys(prefix = "") {
      const all: string[] = [];
      for await (const page of (await store()).list(prefix)) all.push(...page.map((object) => object.key));
      return all.sort();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      // Kept-alive SDK connections would hold close() open.
      server.httpServer?.closeAllConnections();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
