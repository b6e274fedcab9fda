import { describe, expect, it } from "vitest";
import { ConformanceUsageError } from "../runner/usage-error.ts";
import { readCaptureFile } from "./read-capture-file.ts";

describe("readCaptureFile", () => {
  it("reads JSON Lines, skipping blank lines, with text or JSON bodies and either header form", () => {
    const text = [
      JSON.stringify({
        method: "post",
        url: "https://svc.test/in?a=1&a=2&b=3",
        headers: { "X-Thing": "1" },
        body: { id: 1 },
      }),
      "",
      JSON.stringify({
        path: "/p",
        query: { q: "x" },
        headers: [
          { name: "Accept", value: "a" },
          { name: "accept", value: "b" },
        ],
        body: "raw",
        mode: "front_desk",
      }),
    ].join("\n");
    expect(readCaptureFile(text, "f.jsonl")).toEqual([
      { method: "POST", path: "/in", query: { a: ["1", "2"], b: "3" }, headers: { "x-thing": "1" }, body: '{"id":1}' },
      { method: "POST", path: "/p", query: { q: "x" }, headers: { accept: "a, b" }, body: "raw", mode: "front_desk" },
    ]);
  });

  it("reads a JSON array of requests and a HAR file's entries, leaving HTTP/2 pseudo-headers out", () => {
    expect(
      readCaptureFile(JSON.stringify([{ body: "one" }, { body: "two", body_encoding: "base64" }]), "a.json"),
    ).toMatchObject([{ body: "one" }, { body: "two", body_encoding: "base64" }]);
    const har = {
      log: {
        entries: [
          {
            request: {
              method: "POST",
              url: "https://svc.test/hooks/x?t=1",
              headers: [
                { name: ":authority", value: "svc.test" },
                { name: "Content-Type", value: "application/json" },
              ],
              postData: { mimeType: "application/json", text: '{"ok":true}' },
            },
          },
        ],
      },
    };
    expect(readCaptureFile(JSON.stringify(har), "c.har")).toEqual([
      {
        method: "POST",
        path: "/hooks/x",
        query: { t: "1" },
        headers: { "content-type": "application/json" },
        body: '{"ok":true}',
      },
    ]);
  });

  it("names the line that is not a request, and refuses an empty file", () => {
    const failure = (text: string) => {
      try {
        readCaptureFile(text, "f.jsonl");
      } catch (error) {
        expect(error).toBeInstanceOf(ConformanceUsageError);
        return (error as Error).message;
      }
      return "no error";
    };
    expect(failure('{"body":"x"}\n{oops')).toBe("f.jsonl line 2: not JSON");
    expect(failure('{"body":"x"}\n\n{"method":"P O S T"}')).toMatch(/^f\.jsonl line 3: \/method /);
    expect(failure('{"path":"no-slash"}')).toMatch(/^f\.jsonl line 1: \/path /);
    expect(failure("\n\n")).toBe("f.jsonl: no request in it");
    expect(failure('{"log":{"entries":[{"request":{}}]}}')).toMatch(/^f\.jsonl: not a HAR file/);
  });
});
