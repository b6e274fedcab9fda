import { spawn } from "node:child_process";
import { createHmac } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openStore } from "@adapterkit/service";
import { freePort } from "adapterkit/testing";
import { afterEach, expect, it } from "vitest";

const BIN = new URL("../bin/adapterkit-service.js", import.meta.url).pathname;
const READY = "Ctrl-C stops everything.";

let firstToken: string | undefined;

/** What the summary says about the running service: its URL and the API token it shows once. */
function serviceOf(output: string): { url: string; token: string } {
  const url = /adapterkit reference service\s+(http:\/\/\S+)/.exec(output)?.[1];
  // D467: a restart shows no token; the first start's stays valid, so the test keeps it.
  const token = /API token \(shown once\)\s+(\S+)/.exec(output)?.[1] ?? firstToken;
  firstToken ??= token;
  if (url === undefined || token === undefined) throw new Error(`no service URL or token in:\n${output}`);
  return { url, token };
}

/**
 * Runs `adapterkit-service serve` (what `npm start` runs) until it prints its summary, runs `whileReady` against it, then
 * stops its process group.
 */
async function serveUntilReady(
  dataDir: string,
  whileReady?: (output: string) => Promise<void>,
  ports: { service: number; adapters: number } = { service: 0, adapters: 0 },
): Promise<string> {
  const env = {
    ...process.env,
    PORT: String(ports.service || (await freePort())),
    ADAPTERS_PORT: String(ports.adapters || (await freePort())),
    ADAPTERKIT_DATA_DIR: dataDir,
    DATABASE_URL: "",
  };
  const child = spawn(process.execPath, [BIN, "serve"], { env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let output = "";
  return new Promise((done, fail) => {
    const stop = (error?: Error) => {
      clearTimeout(timer);
      if (child.pid !== undefined) process.kill(-child.pid, "SIGTERM");
      child.once("close", () => (error ? fail(error) : done(output)));
    };
    const timer = setTimeout(() => stop(new Error(`serve did not get ready:\n${output}`)), 120_000);
    let ready = false;
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready || !output.includes(READY)) return;
      ready = true;
      (whileReady ?? (async () => undefined))(output).then(
        () => stop(),
        (error: unknown) => stop(error instanceof Error ? error : new Error(String(error))),
      );
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.once("error", fail);
  });
}

let dataDir: string | undefined;
afterEach(async () => {
  firstToken = undefined;
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

it("installs every sample App into the demo organization and prints each installation and the portal, with no failure", async () => {
  dataDir = await mkdtemp(join(tmpdir(), "adapterkit-serve-"));
  const output = await serveUntilReady(dataDir);
  expect(output).not.toMatch(/failed/i);
  const installed = [...output.matchAll(/^\s+(\w+)\s+inst_\S+\s+verified as/gm)].map((match) => match[1]);
  expect(installed.sort()).toEqual(["chat", "files", "mail", "tasks", "webhook"]);
  expect(output).toMatch(
    /developer portal\s+http:\/\/\S+:\d+\/developer\/apps\s+\(sign in with an API token of the demo project\)/,
  );
}, 150_000);

/** The GitHub-preset webhook installation's inbound URL as the summary prints it. */
const githubInboundUrl = (output: string) => /webhook App for GitHub\s+\S+\s+inbound URL (\S+)/.exec(output)?.[1];

it("installs the webhook App a second time with the GitHub preset, records its secret and takes a GitHub delivery", async () => {
  const dir = await mkdtemp(join(tmpdir(), "adapterkit-serve-"));
  dataDir = dir;
  const post = async (output: string) => {
    const url = githubInboundUrl(output);
    expect(url).toMatch(/^http:\/\/\S+\/api\/v1\/apps\/\S+\/inbound$/);
    const recorded = JSON.parse(await readFile(join(dir, "demo-credentials.json"), "utf8")) as {
      adapter: string;
      url: string;
      credentials: { signing_secret: string; preset: string };
    }[];
    const entry = recorded.find((summary) => summary.adapter === "webhook-github");
    expect(entry).toMatchObject({ url, credentials: { preset: "github" } });
    const body = JSON.stringify({
      action: "opened",
      issue: { title: "Hi" },
      sender: { login: "octocat", type: "User" },
    });
    const signature = (secret: string) => `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
    const headers = { "content-type": "application/json", "x-github-event": "issues", "x-github-delivery": "d-serve" };
    const secret = entry?.credentials.signing_secret ?? "";
    const sent = await fetch(url ?? "", {
      method: "POST",
      headers: { ...headers, "x-hub-signature-256": signature(secret) },
      body,
    });
    expect(sent.status).toBe(200);
    const forged = await fetch(url ?? "", {
      method: "POST",
      headers: { ...headers, "x-github-delivery": "d-forged", "x-hub-signature-256": signature(`${secret}x`) },
      body,
    });
    expect(forged.status).toBe(401);
  };
  const output = await serveUntilReady(dir, post);
  expect(output).not.toMatch(/failed/i);
}, 150_000);

it("connects the stand-in tool server as a Skill with its tools, and keeps one of each across a restart", async () => {
  dataDir = await mkdtemp(join(tmpdir(), "adapterkit-serve-"));
  const seen: { url: string; skillId: number; tools: string[] }[] = [];
  const look = async (output: string) => {
    const { url, token } = serviceOf(output);
    const headers = { authorization: `Bearer ${token}` };
    const servers = (await (await fetch(`${url}/api/v1/tool-servers`, { headers })).json()) as {
      items: { url: string; skill_id: number; tools: { name: string }[] }[];
    };
    expect(servers.items).toHaveLength(1);
    const [server] = servers.items;
    const skill = (await (await fetch(`${url}/api/v1/skills/${server?.skill_id}`, { headers })).json()) as {
      origin: string;
      tool_names: string[];
    };
    expect(skill.origin).toBe("tool_server");
    expect(skill.tool_names).toEqual(server?.tools.map((tool) => tool.name));
    const skills = (await (await fetch(`${url}/api/v1/skills`, { headers })).json()) as { items: { origin: string }[] };
    expect(skills.items.filter((item) => item.origin === "tool_server")).toHaveLength(1);
    seen.push({ url: server?.url ?? "", skillId: server?.skill_id ?? 0, tools: skill.tool_names });
  };
  const first = await serveUntilReady(dataDir, look);
  expect(first).toMatch(/tool server \(MCP\) Skill\s+3 tools \(echo, add, word_count\)/);
  await serveUntilReady(dataDir, look);
  expect(seen.map((s) => s.tools)).toEqual([
    ["echo", "add", "word_count"],
    ["echo", "add", "word_count"],
  ]);
  expect(seen[1]?.skillId).toBe(seen[0]?.skillId);
}, 300_000);

it("starts again on its data dir: every sample App kept, one app-event trigger on the demo workflow", async () => {
  dataDir = await mkdtemp(join(tmpdir(), "adapterkit-serve-"));
  // The same ports each time, as `npm start` uses; the stand-ins take their ports of the last start again (D464).
  const ports = { service: await freePort(), adapters: await freePort() };
  const runsUrl = (output: string) => /the run it started\s+curl (\S+\/triggers\/\d+\/runs)/.exec(output)?.[1];
  const first = await serveUntilReady(dataDir, undefined, ports);
  const second = await serveUntilReady(dataDir, undefined, ports);
  expect(second).not.toMatch(/failed/i);
  // The GitHub-preset installation is kept too: a repository's webhook needs no new payload URL after a restart.
  expect(githubInboundUrl(second)).toBe(githubInboundUrl(first));
  expect(githubInboundUrl(first)).toBeDefined();
  expect(second).toMatch(/kept as it was/);
  const installed = [...second.matchAll(/^\s+(\w+)\s+inst_\S+\s+verified as/gm)].map((match) => match[1]);
  expect(installed.sort()).toEqual(["chat", "files", "mail", "tasks", "webhook"]);
  expect(runsUrl(first)).toBeDefined();
  expect(runsUrl(second)).toBeDefined();
  const store = await openStore({ dataDir, lock: false });
  try {
    const triggers = await store.db
      .selectFrom("triggers")
      .select(["id", "app_installation_id"])
      .where("type", "=", "app_event")
      .execute();
    const chat = /^\s+chat\s+(inst_\S+)\s+verified as/m.exec(second)?.[1];
    expect(triggers.map((trigger) => trigger.app_installation_id)).toEqual([chat]);
  } finally {
    await store.close();
  }
}, 300_000);
