// Child process: serves one variant (BENCH_VARIANT) on a free port and reports it on stdout, so load and server use
// separate processes.
import { startVariant, VARIANTS, type Variant } from "./servers.ts";

const variant = process.env.BENCH_VARIANT as Variant;
if (!VARIANTS.includes(variant)) throw new Error(`unknown variant ${variant}`);
const { port, close } = await startVariant(variant);
process.stdout.write(`READY ${port}\n`);
process.on("SIGTERM", () => void close().then(() => process.exit(0)));
