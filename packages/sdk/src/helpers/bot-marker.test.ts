import { describe, expect, it } from "vitest";
import {
  BOT_MARKER_HEADER,
  hasBotMarker,
  hasBotMarkerHeader,
  stampBotMarker,
  stampBotMarkerHeader,
} from "./bot-marker.ts";

const credentials = { url: "https://hooks.example.test/in", token: "t-1" };

describe("bot marker", () => {
  it("recognises a marker it stamped under the same credentials", () => {
    const marker = stampBotMarker({ credentials });
    expect(marker).toMatch(/^akb1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}$/);
    expect(hasBotMarker(marker, { credentials })).toBe(true);
  });

  it("uses a given message id and stays stable for it", () => {
    const marker = stampBotMarker({ credentials, id: "msg_42" });
    expect(marker.startsWith("akb1.msg_42.")).toBe(true);
    expect(stampBotMarker({ credentials, id: "msg_42" })).toBe(marker);
  });

  it("refuses a marker under other credentials or another secret", () => {
    const marker = stampBotMarker({ credentials, secret: "s1" });
    expect(hasBotMarker(marker, { credentials, secret: "s1" })).toBe(true);
    expect(hasBotMarker(marker, { credentials: { ...credentials, token: "t-2" }, secret: "s1" })).toBe(false);
    expect(hasBotMarker(marker, { credentials, secret: "s2" })).toBe(false);
  });

  it("refuses a forged marker: a guessed tag, a changed id or a changed tag", () => {
    const marker = stampBotMarker({ credentials, id: "abc" });
    const tag = marker.split(".")[2] ?? "";
    const cases = [
      `akb1.abc.${"A".repeat(22)}`,
      `akb1.abd.${tag}`,
      `akb1.abc.${tag.slice(0, -1)}${tag.endsWith("A") ? "B" : "A"}`,
      `akb2.abc.${tag}`,
      `${marker}.extra`,
      "akb1..",
      "",
    ];
    for (const candidate of cases) expect(hasBotMarker(candidate, { credentials })).toBe(false);
    expect(hasBotMarker(undefined, { credentials })).toBe(false);
  });

  it("binds to content when given, so a marker copied onto other text is refused", () => {
    const marker = stampBotMarker({ credentials, content: "Build finished ✅" });
    expect(hasBotMarker(marker, { credentials, content: "Build finished ✅" })).toBe(true);
    expect(hasBotMarker(marker, { credentials, content: Buffer.from("Build finished ✅") })).toBe(true);
    expect(hasBotMarker(marker, { credentials, content: "Build finished ❌" })).toBe(false);
    expect(hasBotMarker(marker, { credentials })).toBe(false);
  });

  it("recognises a marker inside a Message-ID, with or without angle brackets", () => {
    const marker = stampBotMarker({ credentials });
    expect(hasBotMarker(`<${marker}@mail.example.test>`, { credentials })).toBe(true);
    expect(hasBotMarker(` ${marker}@mail.example.test `, { credentials })).toBe(true);
    expect(hasBotMarker(`<human.${marker}@mail.example.test>`, { credentials })).toBe(false);
  });

  it("carries the marker in the x-adapterkit-bot header", () => {
    const headers = stampBotMarkerHeader({ credentials, content: "hi" });
    expect(Object.keys(headers)).toEqual([BOT_MARKER_HEADER]);
    expect(BOT_MARKER_HEADER).toBe("x-adapterkit-bot");
    expect(hasBotMarkerHeader({ ...headers, "content-type": "text/plain" }, { credentials, content: "hi" })).toBe(true);
    expect(hasBotMarkerHeader({ "content-type": "text/plain" }, { credentials, content: "hi" })).toBe(false);
    expect(hasBotMarkerHeader(headers, { credentials, content: "hello" })).toBe(false);
  });

  it("refuses an id a Message-ID or JSON field could not carry plainly", () => {
    for (const id of ["", "a.b", "a b", "ü", "x".repeat(65)]) {
      expect(() => stampBotMarker({ credentials, id })).toThrow(TypeError);
    }
  });
});
