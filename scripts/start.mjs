#!/usr/bin/env node
// `npm start`: the reference service as it runs in production, from its compiled JavaScript with plain node (D474).
// It checks the Node.js major (require-node.mjs, the one place that does), brings dist/ up to date with `tsc -b`
// (nothing to do after `npm ci`, whose `prepare` built it; only what changed after an edit), stops with the
// compiler's errors when that fails, and then runs `adapterkit-service serve` in this process, with any arguments
// given after `npm start --`.
import "./require-node.mjs";
import { BuildError, buildJavaScript } from "./build.mjs";

try {
  await buildJavaScript({
    onBuilding: () =>
      console.log(
        "npm start: building the service's JavaScript (tsc -b; about 20 s the first time, then only changes)",
      ),
    onWaiting: (pid) => console.log(`npm start: waiting for the build that process ${pid} is running in this checkout`),
  });
} catch (error) {
  if (!(error instanceof BuildError)) throw error;
  console.error(`${error.message}\nnpm start: the service was not started; fix the errors above and start again.`);
  process.exit(1);
}
const { main } = await import("../packages/service-cli/dist/main.js");
await main(["serve", ...process.argv.slice(2)]);
