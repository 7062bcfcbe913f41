/**
 * What every feature's data layer checks before it touches a row: who is asking (admins, clients), and
 * whether an id or a search term is safe to put in a query. Routes check access too; the data layer does
 * not trust its callers.
 */

export class NotAllowedError extends Error {
  constructor(message = "Admins only") {
    super(message);
    this.name = "NotAllowedError";
  }
}

export class NotAClientError extends Error {
  constructor() {
    super("Clients only");
    this.name = "NotAClientError";
  }
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
