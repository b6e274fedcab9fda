import { describe, expect, it } from "vitest";
import { confinementProbes } from "./confinement-probes.ts";

const filesOf = (plan: ReturnType<typeof confinementProbes>) =>
  plan.kind === "probes" ? plan.probes.map((probe) => probe.file) : [];

describe("confinementProbes", () => {
  it("probes a listed folder with a file outside it, in both path styles, for absolute paths", () => {
    const plan = confinementProbes("/docs", ["/docs/guide/d.md", "/docs/a.md"]);
    expect(plan).toMatchObject({ kind: "probes", resource: "/docs/guide" });
    expect(filesOf(plan)).toEqual(["/docs/a.md", "/docs/guide/../a.md", "../a.md", "../../docs/a.md"]);
  });

  it("probes the same way for paths relative to the resource", () => {
    const plan = confinementProbes("/docs/", ["guide/d.md", "a.md"]);
    expect(plan).toMatchObject({ kind: "probes", resource: "/docs/guide" });
    expect(filesOf(plan)).toEqual(["/docs/a.md", "/docs/guide/../a.md", "../a.md", "../../docs/a.md"]);
  });

  it("pretends a made-up folder is the resource when the listing has no folder", () => {
    const plan = confinementProbes("/docs", ["a.md"]);
    expect(plan).toMatchObject({ kind: "probes", resource: "/docs/adapterkit-confined" });
    expect(filesOf(plan)).toContain("../a.md");
  });

  it("has nothing to probe when nothing is listed, or no path is below the resource or relative to it", () => {
    expect(confinementProbes("/docs", [])).toMatchObject({ kind: "none", reason: expect.stringContaining("no file") });
    expect(confinementProbes("/docs", ["/elsewhere/a.md"])).toMatchObject({
      kind: "none",
      reason: expect.stringContaining("/elsewhere/a.md"),
    });
  });
});
