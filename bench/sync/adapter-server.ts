// Child process: the files adapter (D9 signing on, secret BENCH_APP_SECRET), as `npm start` serves it. Prints
// `READY <base URL>`.
import { filesAdapter } from "@adapterkit/adapter-files";
import { serve } from "@adapterkit/sdk";
import { pino } from "pino";

const server = await serve(filesAdapter, {
  // The parent's WebDAV stand-in listens on a loopback port of its own choosing.
  allowedHosts: ["127.0.0.1"],
  port: 0,
  host: "127.0.0.1",
  signingSecret: process.env.BENCH_APP_SECRET,
  handleSignals: false,
  logger: pino({ level: "warn" }),
});
process.stdout.write(`READY http://127.0.0.1:${server.port}/files\n`);
process.on("SIGTERM", async () => {
  await server.close();
  process.exit(0);
});
