import { buildJavaScript } from "../../scripts/build.mjs";

/**
 * Brings every package's dist/ up to date through the checkout's one build (scripts/build.mjs, one at a time), so a
 * bench's servers run as deployed: built JavaScript under plain node.
 */
export async function buildPackages(bench: string): Promise<void> {
  await buildJavaScript({
    onBuilding: () => console.log(`${bench}: building the packages' JavaScript (tsc -b), so the servers run from it`),
    onWaiting: (pid) => console.log(`${bench}: waiting for process ${pid}, which is building`),
  });
}
