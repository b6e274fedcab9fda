/** Turns a path of keys into an RFC 6901 JSON Pointer (`""` for the whole document). */
export function toJsonPointer(path: readonly PropertyKey[]): string {
  let pointer = "";
  for (const key of path) {
    pointer += `/${String(key).replaceAll("~", "~0").replaceAll("/", "~1")}`;
  }
  return pointer;
}
