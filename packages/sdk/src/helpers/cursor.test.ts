import { afterEach, describe, expect, it, vi } from "vitest";
import { CURSOR_MAX_BYTES, CursorError, decodeCursor, encodeCursor } from "./cursor.ts";

const credentials = { token: "tok-1", host: "dav.example.test" };
const value = { etag: 'W/"abc"', page: 2, seen: ["a.md", "b/ü.md"] };

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("opaque cursor", () => {
  it("round-trips a JSON value under the same credentials", () => {
    const cursor = encodeCursor(value, { credentials });
    expect(cursor).toMatch(/^c1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(decodeCursor(cursor, { credentials })).toEqual({ ok: true, value });
  });

  it("is deterministic: the same value and credentials give the same cursor whatever the key order", () => {
    const reordered = { seen: value.seen, page: 2, etag: value.etag };
    expect(encodeCursor(reordered, { credentials })).toBe(encodeCursor(value, { credentials }));
  });

  it("refuses a cursor issued for other credentials", () => {
    const cursor = encodeCursor(value, { credentials });
    expect(decodeCursor(cursor, { credentials: { ...credentials, token: "tok-2" } })).toEqual({
      ok: false,
      code: "tampered",
      reason: "cursor was altered or issued for other credentials",
    });
  });

  it("still accepts a cursor after an OAuth refresh changes the access token", () => {
    const oauth = { client_id: "id", client_secret: "sec", access_token: "a1", refresh_token: "r1" };
    const cursor = encodeCursor(value, { credentials: oauth });
    expect(decodeCursor(cursor, { credentials: { ...oauth, access_token: "a2" } }).ok).toBe(true);
  });

  it("refuses a cursor whose payload was edited by one character", () => {
    const cursor = encodeCursor(value, { credentials });
    const [version, payload, tag] = cursor.split(".") as [string, string, string];
    const edited = `${version}.${payload.slice(0, 5)}${payload[5] === "A" ? "B" : "A"}${payload.slice(6)}.${tag}`;
    expect(decodeCursor(edited, { credentials })).toMatchObject({ ok: false, code: "tampered" });
  });

  it("refuses a cursor whose payload was swapped for an unsigned one", () => {
    const cursor = encodeCursor(value, { credentials });
    const forged = Buffer.from(JSON.stringify({ ...value, page: 99 })).toString("base64url");
    const [version, , tag] = cursor.split(".");
    expect(decodeCursor(`${version}.${forged}.${tag}`, { credentials })).toMatchObject({ code: "tampered" });
  });

  it("refuses a tag whose last character differs only in bits that base64 decoding drops", () => {
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const cursor = encodeCursor(value, { credentials });
    const index = alphabet.indexOf(cursor.at(-1) ?? "");
    for (let low = 0; low < 4; low += 1) {
      const sibling = alphabet[(index & ~3) | low] ?? "";
      if (sibling === cursor.at(-1)) continue;
      const edited = `${cursor.slice(0, -1)}${sibling}`;
      expect(Buffer.from(edited.split(".")[2] ?? "", "base64url")).toEqual(
        Buffer.from(cursor.split(".")[2] ?? "", "base64url"),
      );
      expect(decodeCursor(edited, { credentials })).toMatchObject({ ok: false, code: "tampered" });
    }
  });

  it.each([
    "",
    "garbage",
    "c1.abc",
    "c2.e30.AAAA",
    "c1.e30.AA.AA",
    "c1.e3 0.AAAA",
    "c1..AAAA",
  ])("refuses %j as malformed", (cursor) => {
    expect(decodeCursor(cursor, { credentials })).toMatchObject({ ok: false, code: "malformed" });
  });

  it("binds to the ADAPTER_CURSOR_SECRET environment variable when it is set", () => {
    const plain = encodeCursor(value, { credentials });
    vi.stubEnv("ADAPTER_CURSOR_SECRET", "deployment-secret");
    const salted = encodeCursor(value, { credentials });
    expect(salted).not.toBe(plain);
    expect(decodeCursor(salted, { credentials }).ok).toBe(true);
    expect(decodeCursor(plain, { credentials })).toMatchObject({ code: "tampered" });
    expect(decodeCursor(salted, { credentials, secret: "other" })).toMatchObject({ code: "tampered" });
  });

  it("throws a coded error naming both sizes when the cursor would exceed the bound", () => {
    const big = { blob: "x".repeat(CURSOR_MAX_BYTES) };
    expect(() => encodeCursor(big, { credentials })).toThrow(
      expect.objectContaining({
        name: "CursorError",
        code: "too_large",
        message: expect.stringMatching(/^cursor would be \d+ bytes, over the 8192-byte bound$/),
      }),
    );
    expect(() => encodeCursor({ blob: "x".repeat(100) }, { credentials, maxBytes: 100 })).toThrow(CursorError);
    expect(() => encodeCursor({ blob: "x".repeat(100) }, { credentials, maxBytes: 300 })).not.toThrow();
  });

  it("refuses an over-long cursor before looking inside it", () => {
    expect(decodeCursor("c".repeat(CURSOR_MAX_BYTES + 1), { credentials })).toEqual({
      ok: false,
      code: "too_large",
      reason: "cursor is 8193 bytes, over the 8192-byte bound",
    });
  });

  it("throws a coded error for a value that is not JSON", () => {
    expect(() => encodeCursor({ when: Number.NaN }, { credentials })).toThrow(
      expect.objectContaining({ code: "not_json", message: expect.stringContaining("$.when is NaN") }),
    );
  });
});
