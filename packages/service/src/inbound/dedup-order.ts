/** An installation's id and a dedup key as one map key. */
export const dedupId = (installationId: string, key: string) => JSON.stringify([installationId, key]);

/**
 * The order every routing path takes dedup keys in (routeInboundTogether's insert and the statement of
 * routeInOneStatement), so that two instances' batches never wait for each other's keys in a circle: by installation,
 * then by key, each compared by its UTF-8 bytes, which is what PostgreSQL's `collate "C"` compares (D635).
 */
export function dedupOrder(
  a: { readonly installationId: string; readonly dedupKey: string },
  b: { readonly installationId: string; readonly dedupKey: string },
): number {
  return byBytes(a.installationId, b.installationId) || byBytes(a.dedupKey, b.dedupKey);
}

const byBytes = (a: string, b: string) => (a === b ? 0 : Buffer.compare(Buffer.from(a), Buffer.from(b)));

/** dedupOrder in SQL, for rows with the columns `installation_id` and `take_key`. */
export const TAKE_ORDER = 'installation_id collate "C", take_key collate "C"';
