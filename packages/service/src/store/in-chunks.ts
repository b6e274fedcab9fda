/**
 * Rows per multi-row statement built on the fly (missed slots: 7 values a row) and ids per `in` list: well under
 * SQLite's 32,766 and PostgreSQL's 65,535 bound parameters. Prepared batches split by size on their own.
 */
export const ROWS_PER_STATEMENT = 500;

/**
 * Splits a list into consecutive pieces of at most `size` items (none for an empty list).
 *
 * @example inChunks([1, 2, 3], 2) // [[1, 2], [3]]
 */
export function inChunks<T>(items: readonly T[], size = ROWS_PER_STATEMENT): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}
