import { limits } from "@atendo/contracts";

/** Escapes LIKE wildcards so a search for "50%" or "a_b" matches those characters literally. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** ILIKE/LIKE pattern matching `text` anywhere. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** LIKE pattern matching values that start with `text`. */
export function prefixPattern(text: string): string {
  return `${escapeLike(text)}%`;
}

/** LIMIT/OFFSET of a list page: one row more than a page, to learn whether another page exists. */
export function pageWindow(pageNumber: number, pageSize: number = limits.pageSize) {
  return { limit: pageSize + 1, offset: (pageNumber - 1) * pageSize };
}

/** Cuts the extra row fetched by pageWindow and tells whether there was one. */
export function pageOf<T>(rows: T[], pageSize: number = limits.pageSize): { items: T[]; hasMore: boolean } {
  return { items: rows.slice(0, pageSize), hasMore: rows.length > pageSize };
}
