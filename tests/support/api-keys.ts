/**
 * API keys for HTTP tests and benchmarks, made through the real `createApiKey` on the database a server
 * will use, before it starts (the embedded database is locked to one process while a server runs).
 */
import { openDatabase, type DatabaseTarget } from "~/db/client.server";
import { closeDatabase, installDatabase } from "~/db/db.server";
import { createApiKey } from "~/features/auth/api-keys.server";
import type { ApiScope, Permission } from "~/lib/permissions";

export interface KeySpec {
  name: string;
  scopes: ApiScope[];
  rateLimit?: number;
}

/** A script as the operator: no account, allowed to manage keys (the audit log shows no user). */
const script = { id: null, permissions: new Set<Permission>(["api-key:manage:any"]) };

/** Creates the keys (migrating the database first) and returns their secrets, in order. */
export async function seedApiKeys(target: DatabaseTarget, specs: KeySpec[]): Promise<string[]> {
  const handle = await openDatabase(target);
  installDatabase(handle);
  try {
    const secrets: string[] = [];
    for (const spec of specs) {
      secrets.push((await createApiKey(script, spec, spec.rateLimit)).secret);
    }
    return secrets;
  } finally {
    await closeDatabase();
  }
}
