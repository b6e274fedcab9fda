import type { manifestSchema } from "@adapterkit/contract/adapter";
import type { z } from "zod";

type DeepReadonly<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;

/** A manifest as an author writes it: the contract's manifest shape, readonly so `as const` literals fit. */
export type ManifestInput = DeepReadonly<z.input<typeof manifestSchema>>;

/**
 * Returns the manifest unchanged, keeping its literal type so handlers in other files can infer credentials.
 * @example export const manifest = defineManifest({ schema_version: "1.0", name: "Chat", capabilities: ["send"] });
 */
export function defineManifest<const M extends ManifestInput>(manifest: M): M {
  return manifest;
}
