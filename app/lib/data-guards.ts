/**
 * What every feature's data layer checks before it touches a row: who is asking (admins, clients), and
 * whether an id or a search term is safe to put in a query. Routes check access too; the data layer does
 * not trust its callers.
 */

/**
 * The data layer refusing an actor: a route that let them through by mistake. The server answers it with
 * `status` instead of a 500 (server/refusals.ts, ADR 015): 403, or 404 where even a refusal must not
 * confirm that a record exists.
 */
export class DataRefusal extends Error {
  constructor(
    message: string,
    readonly status: 403 | 404 = 403,
  ) {
    super(message);
    this.name = "DataRefusal";
  }
}

export class NotAllowedError extends DataRefusal {
  constructor(message = "Admins only") {
    super(message);
    this.name = "NotAllowedError";
  }
}

export class NotAClientError extends DataRefusal {
  constructor() {
    super("Clients only");
    this.name = "NotAClientError";
  }
}

export const isDataRefusal = (error: unknown): error is DataRefusal => error instanceof DataRefusal;

/** The HTTP answer to a refusal: its status and its short message, nothing more. */
export const refusalResponse = (refusal: DataRefusal) =>
  new Response(refusal.message, {
    status: refusal.status,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });

/**
 * For `catch` blocks that turn unexpected failures into a friendly 500 or 503: a refusal is not one of
 * them, so it goes on to the server, which answers it.
 */
export function rethrowRefusal(error: unknown): void {
  if (isDataRefusal(error)) throw error;
}

export function assertAdmin<A extends { isAdmin: boolean }>(actor: A | null | undefined): asserts actor is A {
  if (!actor?.isAdmin) throw new NotAllowedError();
}

export function assertClientActor<A extends { isClient: boolean }>(
  actor: A | null | undefined,
): asserts actor is A {
  if (!actor?.isClient) throw new NotAClientError();
}

/** A UUID as our tables use them: anything else cannot name a row, so it is not worth a query. */
export const isUuid = (id: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** `%term%` for ILIKE, with the pattern characters of the term escaped. */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
