import { describe, expect, it } from "vitest";
import { describeManifestChanges } from "./manifest-changes.ts";

const SECRET = { key: "signing_secret", type: "text", label: "Signing secret" };
const OPTIONS = { key: "options", type: "text", fields: [{ name: "path" }, { name: "mode", optional: true }] };

describe("describeManifestChanges", () => {
  it("names one added required credential once, whatever its place in the list", () => {
    const before = { name: "Hook", credentials: [SECRET, OPTIONS] };
    const after = {
      name: "Hook",
      credentials: [{ key: "workspace", type: "text", label: "Workspace" }, SECRET, OPTIONS],
    };
    const rows = describeManifestChanges(before, after);
    expect(rows.map((row) => row.summary)).toEqual(["added required credential workspace"]);
    expect(rows[0]?.pointer).toBe("/credentials/workspace");
  });

  it("says a credential was removed, relabelled, made optional, and which field changed, by key and name", () => {
    const before = { credentials: [SECRET, OPTIONS, { key: "gone", type: "api_key" }] };
    const after = {
      credentials: [
        { ...OPTIONS, fields: [{ name: "path", label: "Path", optional: true }, { name: "extra" }] },
        { ...SECRET, label: "Inbound secret" },
      ],
    };
    expect(describeManifestChanges(before, after).map((row) => [row.summary, row.before, row.after])).toEqual([
      ["changed label of field path of options", "—", '"Path"'],
      ["changed optional of field path of options", "—", "true"],
      ["added required field extra to options", "—", '{"name":"extra"}'],
      ["removed field mode from options", '{"name":"mode","optional":true}', "—"],
      ["changed label of signing_secret", '"Signing secret"', '"Inbound secret"'],
      ["removed credential gone", '{"key":"gone","type":"api_key"}', "—"],
    ]);
  });

  it("says when a credential became optional as a whole", () => {
    const before = { credentials: [OPTIONS] };
    const after = { credentials: [{ ...OPTIONS, fields: [{ name: "path", optional: true }] }] };
    expect(describeManifestChanges(before, after).map((row) => row.summary)).toContain("options is now optional");
  });

  it("compares capabilities and endpoints as sets, and every other field by JSON Pointer", () => {
    const before = { version: "1", capabilities: ["send", "receive"], endpoints: ["inbound"] };
    const after = { version: "2", capabilities: ["receive", "send"], endpoints: [] };
    expect(describeManifestChanges(before, after)).toEqual([
      { pointer: "/endpoints", before: '"inbound"', after: "—", summary: "removed endpoint inbound" },
      { pointer: "/version", before: '"1"', after: '"2"' },
    ]);
  });

  it("falls back to positional rows for a list the contract would refuse (a duplicate key)", () => {
    const before = { credentials: [SECRET, SECRET] };
    const after = { credentials: [SECRET] };
    expect(describeManifestChanges(before, after)).toEqual([
      { pointer: "/credentials/1/key", before: '"signing_secret"', after: "—" },
      { pointer: "/credentials/1/type", before: '"text"', after: "—" },
      { pointer: "/credentials/1/label", before: '"Signing secret"', after: "—" },
    ]);
    expect(describeManifestChanges(after, after)).toEqual([]);
  });
});
