import { describe, expect, it } from "vitest";
import { checkMessageLimits } from "./check-message-limits.ts";
import { MESSAGE_LIMITS, normalizedMessageSchema } from "./inbound.ts";

const base = { sender: "U1", message: "hello", is_bot: false, event_type: "message.received" };

describe("checkMessageLimits", () => {
  it("keeps only the fields the contract names", () => {
    const forged = { ...base, installation_id: "inst_other", organization_id: 9, metadata: { channel: "C1" } };
    const result = checkMessageLimits(forged as typeof base);
    expect(result).toEqual({ ok: true, value: { ...base, metadata: { channel: "C1" } } });
  });

  it("drops a handshake's challenge_response from a message", () => {
    const result = checkMessageLimits({ ...base, challenge_response: "x" });
    expect(result.ok && "challenge_response" in result.value).toBe(false);
  });

  it.each([
    "event_type",
    "sender",
    "dedup_key",
    "thread_id",
    "message",
  ] as const)("names %s when it is over its limit", (field) => {
    const result = checkMessageLimits({ ...base, [field]: "x".repeat(MESSAGE_LIMITS[field] + 1) });
    expect(result).toMatchObject({ ok: false, field });
    expect(result.ok ? "" : result.error).toMatch(
      new RegExp(`^${field}: \\d+ characters, over .* ${MESSAGE_LIMITS[field]}$`),
    );
  });

  it("accepts every field at exactly its limit", () => {
    const full = Object.fromEntries(
      (["event_type", "sender", "dedup_key", "thread_id", "message"] as const).map((f) => [
        f,
        "x".repeat(MESSAGE_LIMITS[f]),
      ]),
    );
    expect(checkMessageLimits({ ...base, ...full }).ok).toBe(true);
  });

  it("measures metadata as its JSON text", () => {
    const metadata = { blob: "x".repeat(MESSAGE_LIMITS.metadata) };
    expect(checkMessageLimits({ ...base, metadata })).toMatchObject({ ok: false, field: "metadata" });
  });

  it("publishes the string limits in the schema", () => {
    const parsed = normalizedMessageSchema.safeParse({ ...base, sender: "x".repeat(MESSAGE_LIMITS.sender + 1) });
    expect(parsed.success).toBe(false);
  });
});
