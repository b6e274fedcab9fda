import { describe, expect, it } from "vitest";
import { isSourceFile } from "./watch-project.ts";

describe("isSourceFile", () => {
  it("counts code anywhere and the project's own settings at the top", () => {
    for (const file of [
      "src/handlers/format.ts",
      "src/a.mjs",
      "package.json",
      "tsconfig.build.json",
      "conformance.fixtures.json",
      "src/data/sample.json",
    ])
      expect({ file, source: isSourceFile(file) }).toEqual({ file, source: true });
  });

  it("leaves out installed packages, build output, other files and reports written at the top", () => {
    for (const file of [
      "node_modules/x/index.js",
      "dist/main.js",
      "src/dist/a.ts",
      ".git/config",
      "README.md",
      "report.json",
      "src/handlers/format.ts~",
    ])
      expect({ file, source: isSourceFile(file) }).toEqual({ file, source: false });
  });
});
