import type { Adapter, AdapterPayload } from "oidc-provider";

interface Entry {
  payload: AdapterPayload;
  expiresAt: number | undefined;
}

/** One stand-in's storage: every model's records, by model name and id. */
export type MemoryStore = Map<string, Entry>;

/**
 * oidc-provider's storage interface over a Map owned by one stand-in, so two stand-ins in one process (two tests)
 * never share tokens, and the provider's "development-only adapter" warning stays away.
 */
export class MemoryAdapter implements Adapter {
  constructor(
    private readonly store: MemoryStore,
    private readonly name: string,
  ) {}

  private key(id: string): string {
    return `${this.name}:${id}`;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const expiresAt = expiresIn === undefined ? undefined : Date.now() + expiresIn * 1000;
    this.store.set(this.key(id), { payload, expiresAt });
    if (payload.uid !== undefined) this.store.set(`${this.name}:uid:${payload.uid}`, { payload: { id }, expiresAt });
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    const entry = this.store.get(this.key(id));
    if (entry === undefined) return undefined;
    if (entry.expiresAt !== undefined && entry.expiresAt <= Date.now()) {
      this.store.delete(this.key(id));
      return undefined;
    }
    return entry.payload;
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    const pointer = this.store.get(`${this.name}:uid:${uid}`);
    return typeof pointer?.payload.id === "string" ? this.find(pointer.payload.id) : undefined;
  }

  async findByUserCode(): Promise<undefined> {
    return undefined;
  }

  async consume(id: string): Promise<void> {
    const entry = this.store.get(this.key(id));
    if (entry !== undefined) entry.payload = { ...entry.payload, consumed: Math.floor(Date.now() / 1000) };
  }

  async destroy(id: string): Promise<void> {
    this.store.delete(this.key(id));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    for (const [key, entry] of this.store) {
      if (entry.payload.grantId === grantId) this.store.delete(key);
    }
  }
}
