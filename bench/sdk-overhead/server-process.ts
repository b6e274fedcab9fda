// Child process: serves one variant on a free port and reports it on stdout, so load and server use separate cores.
import { startVariant, VARIANTS, type Variant } from "./servers.ts";

const variant = process.argv[2] as Variant;
if (!VARIANTS.includes(variant)) throw new Error(`unknown variant ${variant}`);
const { port, close } = await startVariant(variant);
process.stdout.write(`READY ${port}\n`);
process.on("SIGTERM", () => void close().then(() => process.exit(0)));
