import { createHash } from "node:crypto";

/** D15 with rotation (D116): the key that seals new secrets, and every key a sealed secret may name by its id. */
export interface ServiceKeys {
  readonly current: Buffer;
  readonly currentId: string;
  /** The key of an id, or undefined when this instance does not hold it. */
  byId(id: string): Buffer | undefined;
  /** Every key, the current one first. */
  readonly all: readonly Buffer[];
}

/** A key's id: 8 base64url characters of a labelled SHA-256 of it, so the id reveals nothing of the key. */
export function keyIdOf(key: Buffer): string {
  return createHash("sha256").update("adapterkit:service-key-id:").update(key).digest("base64url").slice(0, 8);
}

/** A key ring from keys, the first sealing new secrets and all of them opening old ones. */
export function toServiceKeys(keys: readonly Buffer[]): ServiceKeys {
  const [current] = keys;
  if (current === undefined) throw new Error("a service key ring needs at least one key");
  const byId = new Map(keys.map((key) => [keyIdOf(key), key]));
  return { current, currentId: keyIdOf(current), byId: (id) => byId.get(id), all: keys };
}

/** Whether a value is a key ring rather than a lone key. */
export function isServiceKeys(value: Buffer | ServiceKeys): value is ServiceKeys {
  return !Buffer.isBuffer(value);
}
