/**
 * Whether parsed JSON holds arrays or objects nested more than `limit` levels deep (`[]` is one level). It walks
 * with its own stack, so a document nested 100,000 deep is measured, not a stack overflow, and stops at the first
 * branch past the limit.
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (typeof node !== "object" || node === null) continue;
    if (depth + 1 > limit) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}
