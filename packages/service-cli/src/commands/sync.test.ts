import { type FilesStandIn, filesAdapter, startFilesStandIn } from "@adapterkit/adapter-files";
import type { SourceSyncJson } from "@adapterkit/contract";
import { type StartedAdapter, startAdapter } from "@adapterkit/sdk/testing";
import { createService } from "@adapterkit/service";
import { runCommandForTest, useCommandSandbox } from "adapterkit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderSyncProgress } from "./render-sync-progress.ts";
import { syncCommand } from "./sync.ts";

const sandbox = useCommandSandbox("sync-cli-", { ADAPTERKIT_ALLOWED_HOSTS: "127.0.0.1" });
const { out, err } = sandbox.output;
let dav: FilesStandIn;
let adapter: StartedAdapter<typeof filesAdapter.manifest>;

beforeAll(async () => {
  dav = await startFilesStandIn();
  adapter = await startAdapter(filesAdapter, { allowedHosts: [new URL(dav.url).host] });
});
afterAll(async () => {
  await adapter?.close();
  await dav?.close();
});

const exitCodeOf = (argv: string[]) => runCommandForTest([syncCommand], argv);

async function installFiles(): Promise<string> {
  const service = await createService({
    dataDir: sandbox.dir,
    logLevel: "silent",
    allowedHosts: ["127.0.0.1"],
    healthPolling: false,
    worker: false,
    scheduler: false,
    callbacks: false,
    sources: false,
  });
  try {
    const actor = { organization: "demo" };
    await service.apps.register(actor, adapter.url.replace("localhost", "127.0.0.1"));
    await service.apps.publish("files");
    const installation = await service.apps.install(actor, {
      app: "files",
      credentials: { webdav: { ...dav.credentials } },
    });
    return installation.id;
  } finally {
    await service.close();
  }
}

describe("adapterkit-service sync", () => {
  it("syncs the folder given, showing its progress as plain lines when stderr is no terminal", async () => {
    const id = await installFiles();
    expect(await exitCodeOf(["sync", id, "--path", "/docs"])).toBe(0);
    const outcome = JSON.parse(out.at(-1) ?? "{}") as { state: string; added: number };
    expect(outcome).toMatchObject({ state: "succeeded", added: 4 });
    expect(err.join("")).toMatch(/^succeeded: 2 page\(s\) \| \+4 ~0 -0 \| /m);
    expect(err.join("").includes("\u001b")).toBe(false);
    // Nothing changed since: the next sync applies nothing.
    expect(await exitCodeOf(["sync", id])).toBe(0);
    expect(JSON.parse(out.at(-1) ?? "{}")).toMatchObject({ state: "succeeded", added: 0, modified: 0, removed: 0 });
  });

  it("fails with the reason for an installation without a source, or an unknown one", async () => {
    const id = await installFiles();
    expect(await exitCodeOf(["sync", id])).toBe(1);
    expect(await exitCodeOf(["sync", "inst_0000000000000000000000", "--path", "/docs"])).toBe(1);
  });

  it("draws a bar over the page in flight", () => {
    const sync: SourceSyncJson = {
      id: 1,
      installation_id: "inst_x",
      reason: "manual",
      state: "running",
      pages: 2,
      added: 52,
      modified: 3,
      removed: 1,
      bytes: 1_258_291,
      page: { files: 40, fetched: 20 },
      errors: [],
      started_at: "2026-11-25T10:00:00.000Z",
      finished_at: null,
    };
    expect(renderSyncProgress(sync)).toBe("[############............]  50% page 3: 20/40 files | +52 ~3 -1 | 1.2 MiB");
  });
});
