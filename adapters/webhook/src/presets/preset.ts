import type { HeaderRecord, RawBody } from "@adapterkit/sdk";

/** The names of the `preset` credential option; `standard-webhooks` is the default. */
export const PRESET_NAMES = ["standard-webhooks", "github", "stripe", "shopify", "generic-hmac"] as const;

/** One of {@link PRESET_NAMES}. */
export type PresetName = (typeof PRESET_NAMES)[number];

/** The credential fields a preset reads (all text; the generic HMAC's layout among them). */
export interface PresetCredentials {
  readonly signing_secret: string;
  readonly hmac_header?: string | undefined;
  readonly hmac_encoding?: string | undefined;
  readonly hmac_prefix?: string | undefined;
  readonly hmac_timestamp_header?: string | undefined;
  readonly id_header?: string | undefined;
}

/** What a preset reads from one request: its lower-cased headers and its body parsed as JSON (undefined if not JSON). */
export interface PresetInput {
  readonly headers: Readonly<Record<string, string>>;
  readonly document: unknown;
  readonly credentials: PresetCredentials;
}

/** How one sender signs, names its events, keeps its retries apart and says who sent them. */
export interface Preset {
  readonly name: PresetName;
  /** Checks the signature over the exact body bytes, throwing the SDK's coded `SignatureError`. */
  verify(options: { credentials: PresetCredentials; headers: HeaderRecord; body: RawBody }): void;
  /** What is wrong with the secret and the preset's own fields, if anything (never the secret itself). */
  checkCredentials(credentials: PresetCredentials): string | undefined;
  /** The key retries of one event share. */
  dedupKey(input: PresetInput): string | undefined;
  /** The event type when no path is configured; undefined falls back to the default paths. */
  eventType(input: PresetInput): string | undefined;
  /** The sender when no path is configured; undefined falls back to the default paths. */
  sender(input: PresetInput): string | undefined;
  /** Whether the sender says the event comes from a bot (the App's own echoes are found apart from this). */
  isBot(input: PresetInput): boolean;
  /** Message paths tried before the default ones. */
  readonly messagePaths: readonly string[];
}

/** A header value, trimmed, or undefined when absent or blank. */
export function headerOf(input: PresetInput, name: string): string | undefined {
  return input.headers[name]?.trim() || undefined;
}

/** Whether a secret is non-blank text, the check for every preset whose secret is the platform's own text. */
export function checkTextSecret(credentials: PresetCredentials, platform: string): string | undefined {
  return credentials.signing_secret?.trim() ? undefined : `signing_secret must hold the ${platform} signing secret`;
}
