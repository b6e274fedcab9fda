import { SERVICE_COMMANDS as SERVICE_COMMAND_NAMES } from "adapterkit/command-line";
import { describe, expect, it } from "vitest";
import { SERVICE_COMMANDS } from "./index.ts";

describe("SERVICE_COMMANDS", () => {
  it("is every command adapterkit sends here, and no other", () => {
    const names = SERVICE_COMMANDS.map((command) => String(command.command).split(" ")[0]);
    expect([...names].sort()).toEqual([...SERVICE_COMMAND_NAMES].sort());
  });
});
