import { type ToolServerJson, toolServerListSchema, toolServerResourceSchema } from "@adapterkit/contract";
import { startToolServerStandIn, type ToolServerStandIn } from "@adapterkit/service";
import { CliError, EXIT_CODES } from "adapterkit/command-line";
import { parseCommandForTest, runCommandForTest, useCommandSandbox } from "adapterkit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toolServersCommand } from "./tool-servers.ts";

const TOKEN = "mcp_cli_secret_token_0123456789abcdef";
let tools: ToolServerStandIn;
const { out, err } = useCommandSandbox("tool-servers-cli-", { ADAPTERKIT_ALLOWED_HOSTS: "127.0.0.1" }).output;

beforeAll(async () => {
  tools = await startToolServerStandIn({ token: TOKEN });
});
afterAll(async () => tools?.close());

const exitCodeOf = (argv: string[]) => runCommandForTest([toolServersCommand], argv);

/** The one-line failure main.ts would print, or undefined when the command succeeds. */
async function failureOf(argv: string[]): Promise<CliError | undefined> {
  try {
    await parseCommandForTest([toolServersCommand], argv);
    return undefined;
  } catch (error) {
    if (error instanceof CliError) return error;
    throw error;
  }
}

const lastJson = <T>(parse: (value: unknown) => T): T => parse(JSON.parse(out.at(-1) ?? "null"));
const connectArgs = () => [
  "tool-servers",
  "connect",
  "Stand-in",
  tools.url,
  "--header",
  `Authorization: Bearer ${TOKEN}`,
];

describe("adapterkit-service tool-servers", () => {
  it("connects, lists, refreshes and removes a tool server and its Skill, never printing a header value", async () => {
    expect(await exitCodeOf(["tool-servers", "list"])).toBe(EXIT_CODES.ok);
    expect(out).toEqual([]);
    expect(err.join("\n")).toContain("no tool servers in organization demo");

    expect(await exitCodeOf(connectArgs())).toBe(EXIT_CODES.ok);
    expect(out[0]).toMatch(
      /^1\s+Stand-in\s+3 tools\s+skill \d+\s+http:\/\/127\.0\.0\.1:\d+\/mcp\s+refreshed \S+\s+headers Authorization$/,
    );
    expect(out.slice(1)).toEqual([
      "      - echo: Answers with the text it is given.",
      "      - add: Adds two numbers.",
      "      - word_count: Counts the words of a text.",
    ]);

    expect(await exitCodeOf(["tool-servers", "list", "--json"])).toBe(EXIT_CODES.ok);
    const [listed] = lastJson((value) => toolServerListSchema.parse(value)).items;
    expect(listed).toMatchObject({
      id: 1,
      name: "Stand-in",
      header_names: ["Authorization"],
      last_refresh_error: null,
    });

    tools.removeTool("add");
    expect(await exitCodeOf(["tool-servers", "refresh", "1", "--json"])).toBe(EXIT_CODES.ok);
    const refreshed: ToolServerJson = lastJson((value) => toolServerResourceSchema.parse(value));
    expect(refreshed.tools.map((tool) => tool.name)).toEqual(["echo", "word_count"]);

    expect(await exitCodeOf(["tool-servers", "remove", "1"])).toBe(EXIT_CODES.ok);
    expect(out.at(-1)).toBe(`removed tool server 1 (Stand-in) and its Skill ${refreshed.skill_id}`);
    expect(await exitCodeOf(["tool-servers", "list", "--json"])).toBe(EXIT_CODES.ok);
    expect(out.at(-1)).toBe('{"items":[]}');
    expect([...out, ...err].join("\n")).not.toContain(TOKEN);
  });

  it("acts for the organization named, so another organization's servers are neither listed nor reachable", async () => {
    expect(await exitCodeOf([...connectArgs(), "--organization", "acme", "--json"])).toBe(EXIT_CODES.ok);
    const { id } = lastJson((value) => toolServerResourceSchema.parse(value));
    expect(await exitCodeOf(["tool-servers", "list", "--json"])).toBe(EXIT_CODES.ok);
    expect(out.at(-1)).toBe('{"items":[]}');
    expect((await failureOf(["tool-servers", "remove", String(id)]))?.message).toMatch(/No organization demo/);
    expect(await exitCodeOf(["tool-servers", "list", "--organization", "acme"])).toBe(EXIT_CODES.ok);
    expect(out.at(-1)).toMatch(/^\d+\s+Stand-in\s+\d+ tools/);
  });

  it("exits 1 naming the cause when a refresh fails, shows the failure in list, and keeps the tools", async () => {
    const port = Number(new URL(tools.url).port);
    expect(await exitCodeOf([...connectArgs(), "--json"])).toBe(EXIT_CODES.ok);
    const connected = lastJson((value) => toolServerResourceSchema.parse(value));
    await tools.close();
    try {
      const failure = await failureOf(["tool-servers", "refresh", "1"]);
      expect(failure?.exitCode).toBe(EXIT_CODES.failed);
      expect(failure?.message).toContain(`The tool server at ${tools.url} could not be reached`);
      expect(await exitCodeOf(["tool-servers", "list"])).toBe(EXIT_CODES.ok);
      expect(out.at(-1)).toMatch(
        /^1\s+Stand-in\s+\d+ tools .* refresh FAILED \S+ \(last good \S+\)\s+headers Authorization$/,
      );
      expect(await exitCodeOf(["tool-servers", "list", "--json"])).toBe(EXIT_CODES.ok);
      const [shown] = lastJson((value) => toolServerListSchema.parse(value)).items;
      expect(shown?.last_refresh_error).toBe(failure?.message);
      expect(shown?.tools).toEqual(connected.tools);
    } finally {
      tools = await startToolServerStandIn({ token: TOKEN, port });
    }
    expect(await exitCodeOf(["tool-servers", "refresh", "1"])).toBe(EXIT_CODES.ok);
    expect(out.some((line) => line.includes("last refresh error"))).toBe(false);
  });

  it("exits 1 for a server refusing the headers or an unknown id, without printing the header value", async () => {
    const wrong = "Bearer mcp_wrong_value_that_must_not_show";
    const refused = await failureOf([
      "tool-servers",
      "connect",
      "Wrong",
      tools.url,
      "--header",
      `Authorization: ${wrong}`,
    ]);
    expect(refused?.exitCode).toBe(EXIT_CODES.failed);
    expect(refused?.message).toContain("HTTP 401");
    expect(refused?.message).not.toContain(wrong);
    expect((await failureOf(["tool-servers", "refresh", "99"]))?.message).toMatch(/No (tool server 99|organization)/);
  });

  it("exits 2 for a usage mistake, naming the field but never a header value", async () => {
    const secret = "s3cr3t-value-never-printed";
    const cases: [string[], RegExp][] = [
      [["tool-servers", "explode"], /unknown action/],
      [["tool-servers", "connect", "Only-a-name"], /needs <name> <url>/],
      [["tool-servers", "connect", "x", "ftp://tools.example/mcp"], /^url:/],
      [["tool-servers", "connect", "x", tools.url, "--header", secret], /--header must be "Name: value"/],
      [["tool-servers", "connect", "x", tools.url, "--header", `Content-Type: ${secret}`], /^headers\.Content-Type:/],
      [["tool-servers", "connect", "x", tools.url, "--header", `X-Key: a\u0007${secret}`], /^headers\.X-Key:/],
      [["tool-servers", "refresh"], /needs a tool server id/],
      [["tool-servers", "remove", "one"], /needs a tool server id/],
      [["tool-servers", "list", "extra"], /takes no arguments/],
      [["tool-servers", "remove", "1", "2"], /takes one argument/],
    ];
    for (const [argv, expected] of cases) {
      const failure = await failureOf(argv);
      expect(failure?.exitCode, argv.join(" ")).toBe(EXIT_CODES.usage);
      expect(failure?.message, argv.join(" ")).toMatch(expected);
      expect(failure?.message, argv.join(" ")).not.toContain(secret);
    }
  });
});
