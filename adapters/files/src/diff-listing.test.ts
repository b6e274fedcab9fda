import { describe, expect, it } from "vitest";
import { diffListing } from "./diff-listing.ts";
import { hashOf } from "./listing-cursor.ts";

const file = (path: string, fingerprint: string) => ({ path, fingerprint });

describe("diffListing", () => {
  it("lists every file as added without a previous listing, sorted by path", () => {
    expect(diffListing([file("/b", '"2"'), file("/a", '"1"')], undefined)).toEqual([
      { path: "/a", fingerprint: '"1"', status: "added" },
      { path: "/b", fingerprint: '"2"', status: "added" },
    ]);
  });

  it("reports a changed fingerprint as modified and leaves an unchanged one out", () => {
    const previous = new Map([
      ["/a", hashOf('"1"')],
      ["/b", hashOf('"2"')],
    ]);
    expect(diffListing([file("/a", '"1"'), file("/b", '"3"')], previous)).toEqual([
      { path: "/b", fingerprint: '"3"', status: "modified" },
    ]);
  });

  it("reports a vanished path as removed with a null fingerprint", () => {
    expect(diffListing([], new Map([["/gone", hashOf('"1"')]]))).toEqual([
      { path: "/gone", fingerprint: null, status: "removed" },
    ]);
  });
});
