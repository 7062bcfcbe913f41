/** One page of a list, as every paged admin and client list returns it. */
export interface Page<T> {
  rows: T[];
  total: number;
  page: number;
  pageCount: number;
}

/** The OFFSET of a 1-based page. */
export const pageOffset = (page: number, size: number) => (page - 1) * size;

export function pageOf<T>(rows: T[], total: number, page: number, size: number): Page<T> {
  return { rows, total, page, pageCount: Math.max(1, Math.ceil(total / size)) };
}
