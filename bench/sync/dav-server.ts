// Child process: the files sample's WebDAV stand-in serving the bench tree of BENCH_FILES files. Prints
// `READY <credentials JSON>`; its own process, so neither the baseline's client nor the adapter shares its thread.
import { startFilesStandIn } from "@adapterkit/adapter-files";
import { benchTree } from "./bench-tree.ts";

const { tree } = benchTree(Number(process.env.BENCH_FILES));
const dav = await startFilesStandIn({ files: tree });
process.stdout.write(`READY ${JSON.stringify(dav.credentials)}\n`);
process.on("SIGTERM", async () => {
  await dav.close();
  process.exit(0);
});
