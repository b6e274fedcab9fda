import { randomBytes } from "node:crypto";
import { type HeaderRecord, hmacSha256, type RawBody, safeEqual } from "@adapterkit/client/signatures";
import { deriveCredentialKey } from "./derive-key.ts";

// Threat model: only a holder of the (stable) credentials or the secret can mint a marker, so a person cannot make
// their message look like the bot's; copying a real marker only gets a message dropped, which fails safe for loops.

/** Header that carries a bot marker on platforms that pass custom headers through. */
export const BOT_MARKER_HEADER = "x-adapterkit-bot";

const PREFIX = "akb1";
const ID = /^[A-Za-z0-9_-]{1,64}$/;
const TAG_BYTES = 16;

/** Options shared by the stamp and check functions. */
export interface BotMarkerOptions {
  /** The request's `credentials`; the marker key is derived from their stable fields. */
  credentials: Readonly<Record<string, unknown>>;
  /** Optional deployment secret mixed into the key. */
  secret?: string;
  /** Content to bind the marker to (the delivered text, say); the check must then see the same bytes. */
  content?: RawBody;
}

/** Options of {@link stampBotMarker}. */
export interface StampBotMarkerOptions extends BotMarkerOptions {
  /** The marker's id, such as the outbound message id (`[A-Za-z0-9_-]`, up to 64); random when omitted. */
  id?: string;
}

/**
 * Makes a stateless bot marker `akb1.<id>.<tag>` to embed in what the adapter delivers: a JSON field, a body line,
 * or a Message-ID local part (its characters are all valid there).
 * @example const messageId = `<${stampBotMarker({ credentials })}@${domain}>`;
 */
export function stampBotMarker(options: StampBotMarkerOptions): string {
  const id = options.id ?? randomBytes(12).toString("base64url");
  if (!ID.test(id)) throw new TypeError("a bot marker id must be 1-64 characters of A-Z, a-z, 0-9, _ and -");
  return `${PREFIX}.${id}.${tagFor(id, options)}`;
}

/**
 * Recognises a marker made by {@link stampBotMarker} under the same credentials; accepts the bare marker or a
 * Message-ID built around it (`<marker@host>`). Anything else, including `undefined`, is `false`.
 */
export function hasBotMarker(candidate: string | undefined, options: BotMarkerOptions): boolean {
  if (candidate === undefined) return false;
  const marker = localPart(candidate.trim());
  const [prefix, id, tag, ...rest] = marker.split(".");
  if (prefix !== PREFIX || id === undefined || tag === undefined || rest.length > 0 || !ID.test(id)) return false;
  return safeEqual(tag, tagFor(id, options));
}

/** Returns the header that carries a fresh marker, ready to merge into an outbound request's headers. */
export function stampBotMarkerHeader(options: StampBotMarkerOptions): Record<string, string> {
  return { [BOT_MARKER_HEADER]: stampBotMarker(options) };
}

/** Recognises a marker in the {@link BOT_MARKER_HEADER} header of a received request. */
export function hasBotMarkerHeader(headers: HeaderRecord, options: BotMarkerOptions): boolean {
  const value = headers[BOT_MARKER_HEADER];
  return hasBotMarker(typeof value === "string" ? value : undefined, options);
}

function tagFor(id: string, options: BotMarkerOptions): string {
  const key = deriveCredentialKey({ credentials: options.credentials, purpose: "bot-marker", secret: options.secret });
  // The NUL separators keep (id, content) pairs from colliding by shifting characters between them.
  const digest = hmacSha256(key, `${PREFIX}\0${id}\0`, options.content ?? "");
  return digest.subarray(0, TAG_BYTES).toString("base64url");
}

function localPart(candidate: string): string {
  const unbracketed = candidate.startsWith("<") && candidate.endsWith(">") ? candidate.slice(1, -1) : candidate;
  const at = unbracketed.lastIndexOf("@");
  return at < 0 ? unbracketed : unbracketed.slice(0, at);
}
