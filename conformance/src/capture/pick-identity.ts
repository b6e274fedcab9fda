/** Keys that name an event's identity on common platforms (Slack, GitHub, Standard Webhooks, generic ids). */
const ID_KEYS = new Set(["id", "event_id", "message_id", "msg_id", "uuid", "delivery_id", "client_msg_id", "event_ts"]);
/** Shorter values are too likely to occur by chance inside a key or a challenge. */
const MIN_IDENTITY_LENGTH = 4;

/** The captured value a sample's `{{nonce}}` is appended to, and the header it sits in (else the body). */
export interface Identity {
  readonly value: string;
  readonly header?: string;
}

/** What {@link pickIdentity} looks at: the parsed JSON body or the body text, the kept headers, and the answer. */
export interface IdentitySource {
  readonly document: unknown;
  readonly text: string | undefined;
  readonly headers: Readonly<Record<string, string>>;
  readonly answer: Readonly<Record<string, unknown>>;
  readonly kind: "message" | "handshake" | "ignored";
}

/**
 * Picks what makes this event this event, so every rendering of the sample is another event: the value the
 * answer's `dedup_key` is made from, else the handshake challenge, else an id field, else a message's own text.
 * `undefined` when nothing fits (the sample then renders the same body each time, and the review says so).
 */
export function pickIdentity(source: IdentitySource): Identity | undefined {
  const leaves = stringLeaves(source.document);
  const within = (whole: unknown): Identity | undefined => {
    if (typeof whole !== "string" || whole.length < MIN_IDENTITY_LENGTH) return undefined;
    if (source.text !== undefined) return source.text.includes(whole) ? { value: whole } : undefined;
    const leaf = leaves
      .map(([, value]) => value)
      .filter((value) => value.length >= MIN_IDENTITY_LENGTH && whole.includes(value))
      .sort((a, b) => b.length - a.length)[0];
    if (leaf !== undefined) return { value: leaf };
    const header = Object.entries(source.headers).find(
      ([, value]) => value.length >= MIN_IDENTITY_LENGTH && whole.includes(value),
    );
    return header === undefined ? undefined : { value: header[1], header: header[0] };
  };
  const byKey = source.kind === "ignored" || source.text !== undefined ? undefined : idLeaf(leaves);
  const message = source.answer.message;
  const byText =
    source.kind !== "message" || typeof message !== "string" || message === ""
      ? undefined
      : source.text !== undefined
        ? source.text.includes(message)
          ? { value: message }
          : undefined
        : leaves.some(([, value]) => value === message)
          ? { value: message }
          : undefined;
  if (source.kind === "ignored") return byKey;
  return within(source.answer.dedup_key) ?? within(source.answer.challenge_response) ?? byKey ?? byText;
}

function idLeaf(leaves: readonly (readonly [string, string])[]): Identity | undefined {
  const found = leaves.find(([key, value]) => ID_KEYS.has(key) && value !== "");
  return found === undefined ? undefined : { value: found[1] };
}

/** The string leaves of a JSON value with the key each sits under, breadth first (top-level ids win). */
function stringLeaves(document: unknown): (readonly [string, string])[] {
  const leaves: (readonly [string, string])[] = [];
  let level: [string, unknown][] = [["", document]];
  while (level.length > 0) {
    const next: [string, unknown][] = [];
    for (const [key, value] of level) {
      if (typeof value === "string") leaves.push([key, value]);
      else if (Array.isArray(value)) next.push(...value.map((item): [string, unknown] => [key, item]));
      else if (value !== null && typeof value === "object") next.push(...Object.entries(value));
    }
    level = next;
  }
  return leaves;
}
