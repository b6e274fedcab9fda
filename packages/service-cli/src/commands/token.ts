import { createService, serviceOptionsFromEnv } from "@adapterkit/service";
import { CliError, defineCommand } from "adapterkit/command-line";

/** `adapterkit-service token create`: issues an API token scoped to one project or one workflow (D16). */
export const tokenCommand = defineCommand({
  command: "token <action>",
  describe: "Create an API token scoped to a project or a workflow (printed once; stored hashed)",
  positional: { action: { describe: "create", type: "string", demandOption: true } },
  options: {
    organization: { type: "string", default: "demo", describe: "Organization name (created when missing)" },
    project: { type: "string", describe: "Project name (created when missing)" },
    workflow: { type: "number", describe: "Workflow id (must exist in the organization)" },
    name: { type: "string", describe: "A label for the token" },
  },
  handler: async (args) => {
    if (args.action !== "create") throw new CliError("usage", `unknown action "${String(args.action)}"; use create`);
    if ((args.project === undefined) === (args.workflow === undefined)) {
      throw new CliError("usage", "give exactly one of --project or --workflow");
    }
    const service = await createService({
      ...serviceOptionsFromEnv(),
      worker: false,
      scheduler: false,
      callbacks: false,
      deliveries: false,
      instanceLock: false,
      logLevel: "warn",
    });
    try {
      const scope = args.workflow === undefined ? { project: args.project! } : { workflow: args.workflow };
      const token = await service.createToken({ organization: args.organization, name: args.name, ...scope });
      console.log(token.token);
      console.error(
        `token ${token.id} for ${args.workflow === undefined ? `project "${args.project}"` : `workflow ${args.workflow}`} ` +
          `in organization "${args.organization}"; it is shown once.`,
      );
    } catch (error) {
      throw new CliError("failed", error instanceof Error ? error.message : String(error), { cause: error });
    } finally {
      await service.close();
    }
  },
});
