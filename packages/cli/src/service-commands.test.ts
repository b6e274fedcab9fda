import { afterEach, describe, expect, it, vi } from "vitest";
import { EXIT_CODES } from "./cli-error.ts";
import { COMMANDS } from "./commands/index.ts";
import { main } from "./main.ts";
import { SERVICE_COMMANDS, serviceCommandError } from "./service-commands.ts";

afterEach(() => {
  vi.restoreAllMocks();
  process.exitCode = undefined;
});

describe("the service's commands in adapterkit", () => {
  it.each(SERVICE_COMMANDS)("answers `adapterkit %s` with a usage error naming adapterkit-service", async (name) => {
    const printed: string[] = [];
    vi.spyOn(console, "error").mockImplementation((line: unknown) => void printed.push(String(line)));
    await main([name, "--help"]);
    expect(process.exitCode).toBe(EXIT_CODES.usage);
    expect(printed).toEqual([expect.stringContaining(`run "adapterkit-service ${name} …"`)]);
  });

  it("leaves the authors' commands alone, and registers none of the service's", () => {
    const names = COMMANDS.map((command) => String(command.command).split(" ")[0] ?? "");
    expect(names).toEqual(expect.arrayContaining(["conformance", "capture", "new", "schemas"]));
    expect(names.filter((name) => (SERVICE_COMMANDS as readonly string[]).includes(name))).toEqual([]);
    for (const name of names) expect(serviceCommandError(name)).toBeUndefined();
    expect(serviceCommandError(undefined)).toBeUndefined();
  });

  it("still refuses an unknown command as yargs does, with exit 2", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    await main(["no-such-command"]);
    expect(process.exitCode).toBe(EXIT_CODES.usage);
  });
});
