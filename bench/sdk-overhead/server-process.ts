// Child process: serves one variant on a free port and reports it on stdout, so load and server use separate cores.
import type { AddressInfo } from "node:net";
import { createVariant, VARIANTS, type Variant } from "./servers.ts";

const variant = process.argv[2] as Variant;
if (!VARIANTS.includes(variant)) throw new Error(`unknown variant ${variant}`);
const server = createVariant(variant);
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`READY ${(server.address() as AddressInfo).port}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
