/**
 * Objects in an S3-compatible bucket (FILE_STORAGE=s3, ADR 028) through the official AWS SDK. The SDK is
 * imported only when a store is first needed, so the default database storage never loads it.
 */
import type { S3Client } from "@aws-sdk/client-s3";
import { env, type Env } from "~/lib/env.server";
import { log } from "~/lib/log.server";

export interface StoredObject {
  key: string;
  lastModified: Date;
}

export interface ObjectStore {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The object's bytes as a stream; read it to the end or cancel it, or the connection stays busy. */
  get(key: string): Promise<ReadableStream<Uint8Array>>;
  delete(key: string): Promise<void>;
  /** The objects under `prefix`, page by page. */
  list(prefix: string): AsyncGenerator<StoredObject[]>;
  /** The bucket answers within `timeoutMs` (for /readyz); throws otherwise. */
  check(timeoutMs: number): Promise<void>;
}

export type S3Settings = Pick<
  Env,
  | "S3_BUCKET"
  | "S3_ENDPOINT"
  | "S3_REGION"
  | "S3_ACCESS_KEY_ID"
  | "S3_SECRET_ACCESS_KEY"
  | "S3_FORCE_PATH_STYLE"
>;

/** A store for the given settings (S3_BUCKET must be set). */
export async function s3ObjectStore(settings: S3Settings): Promise<ObjectStore> {
  quietNodeVersionNotice();
  const sdk = await import("@aws-sdk/client-s3");
  const Bucket = settings.S3_BUCKET!;
  const client: S3Client = new sdk.S3Client({
    region: settings.S3_REGION,
    endpoint: settings.S3_ENDPOINT,
    forcePathStyle: settings.S3_FORCE_PATH_STYLE,
    credentials:
      settings.S3_ACCESS_KEY_ID && settings.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: settings.S3_ACCESS_KEY_ID, secretAccessKey: settings.S3_SECRET_ACCESS_KEY }
        : undefined,
    // Checksums only where S3 requires them: several S3-compatible stores reject the newer ones.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
  });
  return {
    async put(key, bytes, contentType) {
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.byteLength,
        }),
      );
    },
    async get(key) {
      const { Body } = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
      if (!Body) throw new Error(`Object ${key} has no body`);
      return Body.transformToWebStream() as ReadableStream<Uint8Array>;
    },
    async delete(key) {
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },
    async *list(Prefix) {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new sdk.ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
        yield (page.Contents ?? []).flatMap((object) =>
          object.Key && object.LastModified ? [{ key: object.Key, lastModified: object.LastModified }] : [],
        );
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async check(timeoutMs) {
      await client.send(new sdk.HeadBucketCommand({ Bucket }), {
        abortSignal: AbortSignal.timeout(timeoutMs),
      });
    },
  };
}

/**
 * The SDK prints a multi-line notice to stderr on Node < 22 (its releases after January 2027 will need
 * 22); that would break the one-JSON-object-per-line log, so it is turned off and said once, as a log line.
 */
function quietNodeVersionNotice() {
  const variable = "AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED";
  if (process.env[variable] === "true") return;
  process.env[variable] = "true";
  if (Number(process.versions.node.split(".")[0]) < 22) {
    log.info(
      `[files] AWS SDK releases after January 2027 need Node 22 or later (this is ${process.versions.node})`,
    );
  }
}

let configured: Promise<ObjectStore> | undefined;

/** This process's bucket when FILE_STORAGE=s3, else null. */
export function objectStore(): Promise<ObjectStore> | null {
  const config = env();
  if (config.FILE_STORAGE !== "s3") return null;
  configured ??= s3ObjectStore(config);
  return configured;
}
