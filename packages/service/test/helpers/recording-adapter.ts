import { type AdapterServer, defineAdapter, defineManifest, serve } from "@adapterkit/sdk";
import { pino } from "pino";

/** A small adapter declaring an api_key and a multi-field text credential, as an App author would write it. */
export const RECORDER_MANIFEST = defineManifest({
  schema_version: "1.0",
  name: "Recorder",
  slug: "recorder",
  credentials: [
    { key: "recorder_token", type: "api_key", maps_to: "bot_token" },
    {
      key: "recorder_server",
      type: "text",
      fields: [{ name: "host" }, { name: "password", secret: true }, { name: "port", optional: true }],
    },
  ],
});

/** What one `/verify` call carried. */
export interface RecordedVerify {
  readonly credentials: Record<string, unknown>;
  readonly organizationId: string | undefined;
  readonly projectId: string | undefined;
}

/** A running recording adapter. */
export interface RecordingAdapter {
  readonly url: string;
  readonly port: number;
  readonly verifies: RecordedVerify[];
  close(): Promise<void>;
}

/**
 * Serves the recorder on 127.0.0.1 (a fixed port when given, so it can come back with a signing secret). Its
 * `/verify` records what it got, refuses the token "bad", and takes `delayMs` when the token is "slow".
 */
export async function startRecordingAdapter(
  options: { port?: number; signingSecret?: string; version?: string } = {},
): Promise<RecordingAdapter> {
  const verifies: RecordedVerify[] = [];
  const adapter = defineAdapter({
    manifest: { ...RECORDER_MANIFEST, ...(options.version ? { version: options.version } : {}) },
    verify: async ({ credentials }, context) => {
      verifies.push({ credentials, organizationId: context.organizationId, projectId: context.projectId });
      if (credentials.bot_token === "slow") await new Promise((resolve) => setTimeout(resolve, 3_000));
      return credentials.bot_token === "bad"
        ? { ok: false, error: "token revoked" }
        : { ok: true, user: "recorder-bot" };
    },
  });
  const server: AdapterServer = await serve(adapter, {
    port: options.port ?? 0,
    host: "127.0.0.1",
    handleSignals: false,
    shutdownTimeoutMs: 100,
    signingSecret: options.signingSecret,
    logger: pino({ level: "silent" }),
  });
  return {
    url: server.url.replace("localhost", "127.0.0.1"),
    port: server.port,
    verifies,
    close: () => server.close(),
  };
}
