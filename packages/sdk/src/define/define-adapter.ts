import {
  type AdapterEndpointId,
  declaresEndpoint,
  type Manifest,
  manifestSchema,
  slugOf,
} from "@adapterkit/contract/adapter";
import type { z } from "zod";
import { toIssues } from "../errors/to-issues.ts";
import { combineInbound } from "./combine-inbound.ts";
import { credentialsSchemaFor } from "./credentials-schema.ts";
import type { AdapterDefinition } from "./handler-types.ts";
import type { ManifestInput } from "./manifest-input.ts";
import { type AnyHandler, type ResolvedHandlers, resolveHandlers } from "./resolve-handlers.ts";

/** A checked adapter, ready for `serve()`, `toExpressRouter()` or the test kit. */
export interface Adapter<M extends ManifestInput = ManifestInput> {
  /** The manifest exactly as validated; served at `/manifest.json`. */
  readonly manifest: M;
  /** D1: the path segment the adapter is mounted under and the `adapter` of `/health`. */
  readonly slug: string;
  /** Each implemented endpoint's handler, by the contract's endpoint id. */
  readonly handlers: ReadonlyMap<AdapterEndpointId, AnyHandler>;
  /** Endpoints that answer 501 `not_implemented`: handlers absent or still placeholders. */
  readonly notImplemented: readonly AdapterEndpointId[];
  /** What `credentials` must hold, built from the manifest's credential definitions. */
  readonly credentialsSchema: z.ZodType<Record<string, unknown>>;
}

/** Thrown at start-up when a definition breaks the contract; `problems` lists every rule it breaks. */
export class AdapterDefinitionError extends Error {
  override readonly name = "AdapterDefinitionError";
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(`invalid adapter definition:\n  - ${problems.join("\n  - ")}`);
    this.problems = problems;
  }
}

/**
 * Checks a manifest and its handlers against the contract and returns the adapter; handlers get typed input
 * (credentials inferred from the manifest) and a context, and never see `req` or `res`.
 * @example
 * export const adapter = defineAdapter({
 *   manifest: { schema_version: "1.0", name: "Chat", capabilities: ["send"], credentials: [{ key: "chat", type: "api_key" }] },
 *   verify: async ({ credentials }) => ({ ok: true, user: await whoAmI(credentials.token) }),
 *   deliver, verifyWebhook, parseInbound, format,
 * });
 */
export function defineAdapter<const M extends ManifestInput>(definition: AdapterDefinition<M>): Adapter<M> {
  const parsed = manifestSchema.safeParse(definition.manifest);
  if (!parsed.success) {
    const issues = toIssues(parsed.error.issues, ["manifest"]);
    throw new AdapterDefinitionError(issues.map((issue) => `${issue.path}: ${issue.message}`));
  }
  const manifest = parsed.data;
  const resolved = resolveHandlers(definition as Record<string, unknown>, manifest);
  addCombinedInbound(resolved, manifest);
  if (resolved.problems.length > 0) throw new AdapterDefinitionError(resolved.problems);
  const slug = slugOf(manifest);
  if (slug.length < 2) throw new AdapterDefinitionError([`the manifest gives no usable slug ("${slug}"); set "slug"`]);
  return Object.freeze({
    manifest: manifest as M,
    slug,
    handlers: resolved.handlers,
    notImplemented: Object.freeze(resolved.notImplemented),
    credentialsSchema: credentialsSchemaFor(manifest),
  });
}

/**
 * D410: `/inbound` is served from the two inbound handlers when both are written, with no work for the author;
 * otherwise it answers 501 and is listed in `notImplemented`, without a start-up warning (an optional endpoint left out).
 */
function addCombinedInbound(resolved: ResolvedHandlers, manifest: Manifest): void {
  const verify = resolved.handlers.get("verify-webhook");
  const parse = resolved.handlers.get("parse-inbound");
  const written = (id: AdapterEndpointId) => !resolved.notImplemented.includes(id);
  if (verify && parse && written("verify-webhook") && written("parse-inbound")) {
    resolved.handlers.set("inbound", combineInbound(verify, parse));
    return;
  }
  resolved.notImplemented.push("inbound");
  if (declaresEndpoint(manifest, "inbound")) {
    resolved.problems.push('the manifest declares "inbound", which needs the verifyWebhook and parseInbound handlers');
  }
}
