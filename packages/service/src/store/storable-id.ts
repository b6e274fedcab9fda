/** The largest id a 32-bit integer column holds; larger ids cannot exist, so lookups skip the database. */
export const MAX_ID = 2_147_483_647;

/** Whether a number can be the id of a stored row. */
export function isStorableId(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 1 && value <= MAX_ID;
}

/** Parses a path segment as an id; undefined when it cannot name a row. */
export function parseIdParam(segment: string | undefined): number | undefined {
  if (segment === undefined || !/^[1-9][0-9]{0,9}$/.test(segment)) return undefined;
  const id = Number(segment);
  return isStorableId(id) ? id : undefined;
}
