import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const ENTRY = fileURLToPath(new URL("../fixtures/serve-inbound.ts", import.meta.url));
const ROOT = fileURLToPath(new URL("../../../..", import.meta.url));

/** The service in its own process with the webhook App installed (test/fixtures/serve-inbound.ts), once ready. */
export interface InboundChild {
  readonly child: ChildProcess;
  readonly url: string;
  readonly token: string;
  readonly installationId: string;
}

/** Starts test/fixtures/serve-inbound.ts with these environment variables and waits for its ready line. */
export function startInboundChild(env: Record<string, string>): Promise<InboundChild> {
  const child = spawn(process.execPath, ["--import", "tsx", ENTRY], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.once("line", (line) => resolve({ child, ...(JSON.parse(line) as Omit<InboundChild, "child">) }));
    child.once("exit", (code) => reject(new Error(`service exited with ${code}: ${stderr}`)));
  });
}
