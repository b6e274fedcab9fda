import type { AdapterEndpointId } from "@adapterkit/contract";
import type { CheckFailure } from "../../check.ts";
import type { ConformanceCheck } from "../../context.ts";
import { outcomeOf } from "../../outcome.ts";
import { label } from "../shared/labels.ts";
import { isJsonContentType } from "../shared/raw-request.ts";
import { requiredPosts } from "../shared/required-posts.ts";
import { validBody } from "../shared/valid-bodies.ts";

interface Probe {
  readonly id: AdapterEndpointId;
  readonly body?: unknown;
  readonly rawBody?: string;
  readonly what: string;
}

/** Every JSON answer (success or error) says so in its Content-Type. */
export const jsonContentType: ConformanceCheck = {
  id: "endpoints.json-content-type",
  group: "endpoints",
  level: "required",
  rationale: "contract.md#endpoints: all responses are JSON with Content-Type: application/json, except file bytes.",
  appliesWhen: () => true,
  run: async (ctx) => {
    const posts = requiredPosts(ctx.manifest);
    const probes: Probe[] = [
      { id: "manifest", what: "the manifest" },
      { id: "health", what: "the health answer" },
      ...posts.map((endpoint) => ({ id: endpoint.id, body: validBody(ctx, endpoint.id), what: "a well-formed call" })),
      ...posts.map((endpoint) => ({ id: endpoint.id, rawBody: "{", what: "an error answer" })),
    ];
    const failures: CheckFailure[] = [];
    await Promise.all(
      probes.map(async (probe) => {
        const result = await ctx.client.call(
          probe.id,
          probe.body,
          probe.rawBody === undefined ? {} : { rawBody: probe.rawBody },
        );
        const response = result.response;
        if (response === null || response.text === "") return;
        const contentType = response.headers["content-type"];
        if (isJsonContentType(contentType)) return;
        failures.push(
          ctx.failure({
            endpoint: label(probe.id),
            message: `${probe.what} (${response.status}) is not labelled as JSON`,
            expected: "Content-Type: application/json",
            actual: contentType === undefined ? "(no Content-Type)" : `Content-Type: ${contentType}`,
            request: { body: probe.rawBody ?? probe.body },
          }),
        );
      }),
    );
    return outcomeOf(failures);
  },
};
