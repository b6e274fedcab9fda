import type { RenderedRequest } from "../../context.ts";

/**
 * The request with exactly one byte of its body changed: a character of the nonce when the body carries it (so
 * JSON stays valid and only the signature can tell), else the ASCII letter or digit nearest the middle.
 */
export function tamperOneByte(request: RenderedRequest, nonce: string): RenderedRequest {
  if (request.body_encoding === "base64") {
    const bytes = Buffer.from(request.body, "base64");
    if (bytes.length === 0) return { ...request, body: Buffer.from("x").toString("base64") };
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = (bytes[middle] ?? 0) ^ 0x01;
    return { ...request, body: bytes.toString("base64") };
  }
  const index = pickIndex(request.body, nonce);
  if (index === -1) return { ...request, body: `${request.body}x` };
  const body = request.body;
  return { ...request, body: `${body.slice(0, index)}${replacement(body.charAt(index))}${body.slice(index + 1)}` };
}

function pickIndex(body: string, nonce: string): number {
  const atNonce = nonce.length > 0 ? body.indexOf(nonce) : -1;
  if (atNonce !== -1) return atNonce;
  const middle = Math.floor(body.length / 2);
  for (let distance = 0; distance <= body.length; distance += 1) {
    for (const index of [middle - distance, middle + distance]) {
      if (index >= 0 && index < body.length && /[A-Za-z0-9]/.test(body.charAt(index))) return index;
    }
  }
  return -1;
}

/** Another character of the same class, so the byte count and the JSON structure are unchanged. */
function replacement(char: string): string {
  if (/[0-9]/.test(char)) return String((Number(char) + 1) % 10);
  if (/[a-z]/.test(char)) return char === "a" ? "b" : "a";
  return char === "A" ? "B" : "A";
}
