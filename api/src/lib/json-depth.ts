/** Levels of objects and lists a request may nest: `{ "address": { "line1": "" } }` is 2. */
export const MAX_JSON_DEPTH = 5;

/**
 * How deeply `value` nests objects and arrays, counted without recursion (a hostile body nested
 * thousands deep must not overflow the stack), stopping as soon as it exceeds `limit`.
 */
export function exceedsDepth(value: unknown, limit = MAX_JSON_DEPTH): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop() as [unknown, number];
    if (typeof item !== 'object' || item === null) continue;
    if (depth + 1 > limit) return true;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}
