import { describe, expect, it } from "vitest";
import { iconSvg } from "./icon-svg.ts";

describe("iconSvg", () => {
  it("draws each sample manifest's icon, each differently", () => {
    const names = ["envelope", "chat-bubble-left-right", "arrows-right-left", "folder", "check-circle", "puzzle-piece"];
    const drawn = names.map(iconSvg);
    expect(new Set(drawn).size).toBe(names.length);
    for (const svg of drawn)
      expect(svg).toMatch(/^<svg class="icon" [^>]*aria-hidden="true"[^>]*><path d="[^"<>]+"\/><\/svg>$/);
  });

  it("draws the puzzle piece for a name it has no drawing of, never putting the name in the markup", () => {
    for (const name of ["rocket", '"><script>alert(1)</script>', "constructor", "__proto__", ""]) {
      expect(iconSvg(name)).toBe(iconSvg("puzzle-piece"));
    }
  });
});
