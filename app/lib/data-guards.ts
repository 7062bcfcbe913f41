/**
 * What the data layer checks about a value before it goes into a query. Who may ask is the permission
 * model's business (permissions.ts).
 */

/** A UUID as our tables use them: anything else cannot name a row, so it is not worth a query. */
export const isUuid = (id: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** `%term%` for ILIKE, with the pattern characters of the term escaped. */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
