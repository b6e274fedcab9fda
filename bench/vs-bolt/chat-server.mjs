// The chat sample as it is deployed: its built JavaScript (dist/, after `npm run build`) with plain node, checking
// the service's signature (ADAPTER_SIGNING_SECRET). Prints `READY <url>` once it listens on 127.0.0.1.
import { chatAdapter } from "@adapterkit/adapter-chat";
import { serve } from "@adapterkit/sdk";

const server = await serve(chatAdapter, { port: 0, host: "127.0.0.1", handleSignals: false });
console.log(`READY ${server.url.replace("localhost", "127.0.0.1")}`);
process.on("SIGTERM", () => server.close().then(() => process.exit(0)));
