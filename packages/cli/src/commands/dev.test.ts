import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CliError } from "../cli-error.ts";
import { devCommand } from "./dev.ts";
import { parseCommandForTest, useCommandSandbox } from "./run-command-for-test.ts";

const sandbox = useCommandSandbox("adapterkit-dev-usage-");

/** A folder with an entry file, as far as dev looks before it starts anything. */
function project(): string {
  mkdirSync(join(sandbox.dir, "src"));
  writeFileSync(join(sandbox.dir, "src/main.ts"), "");
  return sandbox.dir;
}

/** The usage error dev refuses `argv` with (exit 2), as `reason: message`. */
async function refusal(argv: string[]): Promise<string> {
  try {
    await parseCommandForTest([devCommand], ["dev", ...argv]);
  } catch (error) {
    if (error instanceof CliError) return `${error.reason}: ${error.message}`;
    throw error;
  }
  throw new Error("dev started instead of refusing");
}

describe("adapterkit dev", () => {
  it("refuses a folder without the entry file with a usage error naming it", async () => {
    expect(await refusal(["--dir", sandbox.dir])).toBe(
      `usage: ${join(sandbox.dir, "src/main.ts")} does not exist: run dev in a project adapterkit new made, or give --entry`,
    );
  });

  it("refuses a signing secret that is not a whsec_ key of 16 bytes or more", async () => {
    const dir = project();
    for (const secret of ["nope", "whsec_", "whsec_c2hvcnQ=", "whsec_not base64!"]) {
      expect({ secret, refusal: await refusal(["--dir", dir, "--signing-secret", secret]) }).toEqual({
        secret,
        refusal: "usage: the signing secret must be whsec_ followed by at least 16 key bytes in base64",
      });
    }
  });

  it("refuses a fixtures file that does not exist", async () => {
    const dir = project();
    const missing = join(dir, "missing.json");
    expect(await refusal(["--dir", dir, "--fixtures", missing])).toBe(`usage: --fixtures ${missing}: no such file`);
  });
});
