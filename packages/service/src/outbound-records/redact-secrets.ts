/** What a redacted value reads as. */
export const REDACTED = "[redacted]";

// Names whose value is a credential, in JSON (`"token": "…"`), in a header or form (`token=…`, `Authorization: …`).
const SECRET_NAME =
  "(?:authorization|proxy-authorization|cookie|set-cookie|webhook-signature|x-[a-z-]*signature|signature|secret|client_secret|password|passwd|api[_-]?key|access[_-]?token|refresh[_-]?token|id[_-]?token|token|credentials?)";
const JSON_PAIR = new RegExp(`("${SECRET_NAME}"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"`, "gi");
// A header's value runs to the end of its line (a signature header lists several, comma-separated); a form's to `&`.
const HEADER = new RegExp(`(\\b${SECRET_NAME}[ \\t]*:[ \\t]*)[^\\r\\n"]+`, "gi");
const FORM = new RegExp(`(\\b${SECRET_NAME}=)[^\\s&"]+`, "gi");
// Credentials that stand on their own: bearer and basic values, Slack-style tokens, JWTs, signatures, URL userinfo.
const STANDALONE: readonly RegExp[] = [
  /\b(?:bearer|basic)\s+[A-Za-z0-9._~+/=-]{8,}/gi,
  /\bxox[abposr]-[A-Za-z0-9-]{8,}/g,
  /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g,
  /\bv1,[A-Za-z0-9+/=]{20,}/g,
  /\bwhsec_[A-Za-z0-9+/=]{8,}/g,
  /(\/\/)[^/\s:@]+:[^/\s@]+@/g,
];

/**
 * D511: a receiver's answer with what looks like a secret replaced: credential-named values in JSON, headers and
 * forms, bearer and basic values, Slack tokens, JWTs, Standard Webhooks signatures and secrets, and URL userinfo.
 * The excerpt is shown to whoever may read the delivery, and an echoing receiver may send our signature back.
 */
export function redactSecrets(text: string): string {
  let redacted = text
    .replace(JSON_PAIR, `$1"${REDACTED}"`)
    .replace(HEADER, `$1${REDACTED}`)
    .replace(FORM, `$1${REDACTED}`);
  for (const pattern of STANDALONE) {
    redacted = redacted.replace(pattern, (match, prefix?: unknown) =>
      typeof prefix === "string" && match.startsWith(prefix) ? `${prefix}${REDACTED}@` : REDACTED,
    );
  }
  return redacted;
}
