import type { ConformanceContext } from "../../context.ts";

/** The fixtures' optional `deliver` block: where a delivered thread id shows on the platform (README). */
export interface DeliverFixtures {
  /** The thread id to deliver into (a template); default `thread-{{nonce}}`. */
  readonly thread_id?: string;
  /** JSON Pointer into the captured delivery's JSON where the thread id must appear exactly. */
  readonly thread_pointer?: string;
  /** Header of the captured delivery that must contain the thread id (mail: `in-reply-to`). */
  readonly thread_header?: string;
}

/** The `deliver` block of the fixtures, or an empty one. */
export function deliverFixtures(ctx: ConformanceContext): DeliverFixtures {
  const block = (ctx.fixtures as { readonly deliver?: unknown }).deliver;
  return typeof block === "object" && block !== null ? (block as DeliverFixtures) : {};
}

/** The value at a JSON Pointer (RFC 6901), or undefined when the path does not exist. */
export function resolvePointer(value: unknown, pointer: string): unknown {
  if (pointer === "") return value;
  let node = value;
  for (const raw of pointer.split("/").slice(1)) {
    const key = raw.replaceAll("~1", "/").replaceAll("~0", "~");
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}
