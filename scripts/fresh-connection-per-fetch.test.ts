import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, expect, it } from "vitest";

const server = createServer((req, res) => res.end(req.headers.connection ?? ""));
const opened: string[] = [];
server.on("connection", (socket) => opened.push(`${socket.remotePort}`));
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it("gives each of a test's requests a connection of its own, closed after its answer (D626)", async () => {
  const answers = [];
  for (let count = 0; count < 3; count += 1) answers.push(await (await fetch(url)).text());
  expect(answers).toEqual(["close", "close", "close"]);
  expect(new Set(opened).size).toBe(3);
});
