import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createPromptSmtpServer } from "./create-prompt-smtp-server.ts";

afterEach(() => {
  vi.useRealTimers();
});

describe("createPromptSmtpServer", () => {
  // With setTimeout frozen, smtp-server's own 100 ms early-talker timer never fires and its greeting never comes.
  it("greets a new connection without waiting on a timer, then speaks SMTP as smtp-server does", async () => {
    const server = createPromptSmtpServer({ authOptional: true, disabledCommands: ["STARTTLS"], logger: false });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const socket = connect((server.server.address() as AddressInfo).port, "127.0.0.1");
    try {
      const lines = readLines(socket);
      expect(await lines.next()).toMatch(/^220 /);
      socket.write("EHLO client.test\r\n");
      let reply = await lines.next();
      while (reply.startsWith("250-")) reply = await lines.next();
      expect(reply).toMatch(/^250 /);
    } finally {
      socket.destroy();
      vi.useRealTimers();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

function readLines(socket: ReturnType<typeof connect>) {
  let buffered = "";
  const queue: string[] = [];
  socket.on("data", (chunk: Buffer) => {
    buffered += chunk.toString("utf8");
    const parts = buffered.split("\r\n");
    buffered = parts.pop() ?? "";
    queue.push(...parts);
  });
  return {
    async next(): Promise<string> {
      while (queue.length === 0) await once(socket, "data");
      return queue.shift() ?? "";
    },
  };
}
