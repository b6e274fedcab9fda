import type { CheckFailure } from "../../check.ts";
import type { ConformanceCheck } from "../../context.ts";
import { outcomeOf } from "../../outcome.ts";
import { show } from "../shared/labels.ts";

interface RawCredential {
  readonly key?: unknown;
  readonly type?: unknown;
  readonly maps_to?: unknown;
  readonly fields?: unknown;
}

/**
 * Credential rules beyond the schema: keys unique; `maps_to` names unique across credentials and not shadowing
 * another credential's field; `fields` only on `text` credentials, with unique names.
 */
export const credentialRules: ConformanceCheck = {
  id: "manifest.credentials",
  group: "manifest",
  level: "required",
  rationale:
    "contract.md#credential-definition: key is a unique identifier and values reach the adapter named per maps_to, so names must not collide.",
  appliesWhen: (_manifest, ctx) =>
    Array.isArray((ctx.manifestRaw as { credentials?: unknown } | undefined)?.credentials) ||
    "the manifest declares no credentials",
  run: async (ctx) => {
    const credentials = (ctx.manifestRaw as { credentials: RawCredential[] }).credentials;
    const failures: CheckFailure[] = [];
    const fail = (pointer: string, message: string, actual: unknown) =>
      failures.push(
        ctx.failure({ endpoint: "GET /manifest.json", message, pointer, actual: show(actual), request: {} }),
      );
    const keys = new Map<unknown, number>();
    const names = new Map<string, string>();
    credentials.forEach((credential, index) => {
      const at = `/credentials/${index}`;
      if (keys.has(credential.key))
        fail(`${at}/key`, `credential key repeats /credentials/${keys.get(credential.key)}/key`, credential.key);
      keys.set(credential.key, index);
      if (credential.fields !== undefined && credential.type !== "text")
        fail(`${at}/fields`, "only text credentials have fields", credential.type);
      for (const [name, pointer] of fieldNames(credential, at)) {
        const previous = names.get(name);
        if (previous !== undefined)
          fail(pointer, `the adapter would receive two values under "${name}" (also ${previous})`, name);
        else names.set(name, pointer);
      }
    });
    return outcomeOf(failures);
  },
};

/** The names under which a credential's values reach the adapter, each with the pointer that declares it. */
function fieldNames(credential: RawCredential, at: string): [string, string][] {
  if (Array.isArray(credential.fields)) {
    return credential.fields.flatMap((field: { name?: unknown }, index) =>
      typeof field?.name === "string" ? [[field.name, `${at}/fields/${index}/name`] as [string, string]] : [],
    );
  }
  if (typeof credential.maps_to === "string") return [[credential.maps_to, `${at}/maps_to`]];
  return [];
}
