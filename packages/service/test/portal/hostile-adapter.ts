import { type AdapterServer, defineAdapter, defineManifest, serve } from "@adapterkit/sdk";
import { pino } from "pino";

/** What every string field of the hostile manifest holds. */
export const HOSTILE = `<script>alert(1)</script>"'&`;

/** A manifest whose every free-text string is markup and quotes (the slug and category cannot be). */
export const HOSTILE_MANIFEST = defineManifest({
  schema_version: "1.0",
  name: `Hostile ${HOSTILE}`,
  slug: "hostile",
  description: HOSTILE,
  icon: HOSTILE,
  category: "communication",
  version: HOSTILE,
  credentials: [{ key: `key${HOSTILE}`, type: "api_key", label: HOSTILE }],
  setup_instructions: [HOSTILE],
  author: { name: HOSTILE },
});

/** Serves the hostile manifest on 127.0.0.1; its /verify accepts any token but "bad". */
export async function startHostileAdapter(): Promise<AdapterServer & { baseUrl: string }> {
  const adapter = defineAdapter({
    manifest: HOSTILE_MANIFEST,
    verify: async ({ credentials }) =>
      Object.values(credentials).includes("bad") ? { ok: false, error: HOSTILE } : { ok: true, user: HOSTILE },
  });
  const server = await serve(adapter, {
    port: 0,
    host: "127.0.0.1",
    handleSignals: false,
    shutdownTimeoutMs: 100,
    logger: pino({ level: "silent" }),
  });
  return Object.assign(server, { baseUrl: server.url.replace("localhost", "127.0.0.1") });
}
