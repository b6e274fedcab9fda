/** A path is a JSON Pointer (RFC 6901, starts with `/`) or dotted (`data.author.name`, `items.0.text`). */
const POINTER = /^(?:\/(?:[^~/]|~[01])*)+$/;
const DOTTED = /^[^./][^.]*(?:\.[^.]+)*$/;

/** The credential fields that configure where a payload's parts are read. */
export const PATH_FIELDS = ["sender_path", "message_path", "event_type_path", "thread_id_path"] as const;

/** The first configured path field that is neither a JSON Pointer nor a dotted path, if any. */
export function invalidPathField(
  credentials: Readonly<Partial<Record<(typeof PATH_FIELDS)[number], string | undefined>>>,
): (typeof PATH_FIELDS)[number] | undefined {
  return PATH_FIELDS.find((field) => {
    const path = credentials[field];
    return path !== undefined && path !== "" && !isValidPath(path);
  });
}

/** Whether `path` is a JSON Pointer or a dotted path this adapter can read. */
export function isValidPath(path: string): boolean {
  return POINTER.test(path) || (!path.startsWith("/") && DOTTED.test(path));
}

/**
 * The value at `path` in a parsed JSON document, or undefined when the path does not exist there.
 * @example readPath({ data: { from: "ana" } }, "/data/from") // "ana"; readPath(doc, "data.from") the same
 */
export function readPath(document: unknown, path: string): unknown {
  const segments = path.startsWith("/")
    ? path
        .slice(1)
        .split("/")
        .map((token) => token.replaceAll("~1", "/").replaceAll("~0", "~"))
    : path.split(".");
  let node = document;
  for (const segment of segments) {
    if (Array.isArray(node)) {
      if (!/^(?:0|[1-9]\d*)$/.test(segment)) return undefined;
      node = node[Number(segment)];
    } else if (typeof node === "object" && node !== null && Object.hasOwn(node, segment)) {
      node = (node as Record<string, unknown>)[segment];
    } else {
      return undefined;
    }
  }
  return node;
}
