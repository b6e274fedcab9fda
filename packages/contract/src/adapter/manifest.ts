import { z } from "zod";

/** The manifest categories (contract.md#manifest-fields). */
export const CATEGORIES = [
  "communication",
  "storage",
  "productivity",
  "social",
  "research",
  "development",
  "connectivity",
  "content_creation",
  "knowledge",
  "integration",
  "operations",
  "data",
] as const;

/** What an adapter can do for a channel. */
export const CAPABILITIES = ["send", "receive"] as const;

/** Credential types and the fields stored for each (contract.md#credential-types). */
export const CREDENTIAL_TYPES = ["api_key", "oauth2", "text"] as const;

/** The manifest `schema_version` this contract describes (contract.md#versioning). */
export const SCHEMA_VERSION = "1.0";

/** D1: the slug rule. */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** D1: an adapter slug, as a manifest field and as the last segment of its base URL. */
export const slugSchema = z
  .string()
  .min(2)
  .max(64)
  .regex(SLUG_PATTERN)
  .meta({
    description: "URL-safe adapter slug (D1): lower-case words joined by single dashes, 2–64 characters.",
    examples: ["chat", "mail-gateway"],
  });

/** A field of a multi-field `text` credential (our addition, so installs can render a form and the SDK can type it). */
export const credentialFieldSchema = z.object({
  name: z.string().min(1),
  label: z.string().optional(),
  secret: z.boolean().optional(),
  optional: z.boolean().optional(),
});

/** contract.md#credential-definition: one credential the App needs, shared by key. */
export const credentialDefinitionSchema = z
  .object({
    key: z.string().min(1).meta({ description: "Unique identifier; Apps and Skills using one key share one record." }),
    type: z.enum(CREDENTIAL_TYPES),
    label: z.string().optional().meta({ description: "Display label; defaults to key." }),
    maps_to: z.string().min(1).optional().meta({ description: "Field name the adapter receives the value under." }),
    fields: z.array(credentialFieldSchema).min(1).optional().meta({
      description: "Fields of a multi-field `text` credential; each is passed to the adapter under its own name.",
    }),
  })
  .meta({ description: "A credential the App needs." });

/**
 * An http(s) URL. A manifest's links are shown to people and its OAuth endpoints are opened by browsers and the
 * service, so `javascript:`, `data:` and every other scheme are refused (D350). The pattern says the same in JSON Schema.
 */
const webUrlSchema = z.url({ protocol: /^https?$/ }).meta({ pattern: "^[Hh][Tt][Tt][Pp][Ss]?://" });

/** contract.md#oauth-config: what the service needs to drive the OAuth flow and refresh tokens. */
export const oauthConfigSchema = z.object({
  authorize_url: webUrlSchema,
  token_url: webUrlSchema,
  scopes: z.array(z.string()).optional(),
  scope_separator: z.string().optional(),
  extra_authorize_params: z.record(z.string(), z.string()).optional(),
});

/** contract.md#skill: the Skill that installing the App creates. */
export const skillSchema = z.object({
  name: z.string().min(1),
  description: z.string(),
  knowledge: z.string().meta({ description: "Injected into every agent the skill is assigned to; names each tool." }),
  tool_names: z.array(z.string().min(1)),
});

/** The manifest's `author` (contract.md#manifest-fields): a name and an optional URL. */
export const authorSchema = z.object({ name: z.string().min(1), url: webUrlSchema.optional() });

const capabilitiesSchema = z
  .array(z.enum(CAPABILITIES))
  .min(1)
  .max(2)
  .refine((caps) => new Set(caps).size === caps.length, "capabilities must not repeat")
  // The refine is lost in JSON Schema; uniqueItems says the same there.
  .meta({ description: 'One of ["send"], ["receive"] or ["send","receive"].', uniqueItems: true });

// JSON Schema cannot say "unique by key" (uniqueItems compares whole items): zod alone enforces it.
const credentialsSchema = z
  .array(credentialDefinitionSchema)
  .refine((defs) => new Set(defs.map((d) => d.key)).size === defs.length, "credential keys must be unique");

/** The adapter manifest served at `GET /manifest.json`. Unknown fields are allowed for forward compatibility. */
export const manifestSchema = z
  .looseObject({
    schema_version: z.literal(SCHEMA_VERSION),
    name: z.string().min(1),
    slug: slugSchema.optional(),
    description: z.string().optional(),
    icon: z.string().min(1).optional().meta({ description: "Icon name; the service uses puzzle-piece when absent." }),
    category: z.enum(CATEGORIES).optional(),
    version: z.string().optional(),
    capabilities: capabilitiesSchema.optional(),
    credentials: credentialsSchema.optional(),
    oauth_config: oauthConfigSchema.optional(),
    receive_config: z.record(z.string(), z.unknown()).optional(),
    skill: skillSchema.optional(),
    setup_instructions: z.array(z.string()).optional(),
    author: authorSchema.optional(),
    homepage: webUrlSchema.optional(),
    logo_url: webUrlSchema.optional(),
    endpoints: z
      .array(z.string().min(1))
      .optional()
      .meta({
        description:
          "Optional endpoints the adapter serves beyond the contract's table, by id (D410): `inbound` is the combined " +
          "verify-and-parse call. Ids the service does not know are ignored.",
        examples: [["inbound"]],
      }),
  })
  .meta({ title: "Adapter manifest", description: "Served by every adapter at GET /manifest.json." });

/** A manifest category. */
export type Category = (typeof CATEGORIES)[number];
/** `send` or `receive`. */
export type Capability = (typeof CAPABILITIES)[number];
/** `api_key`, `oauth2` or `text`. */
export type CredentialType = (typeof CREDENTIAL_TYPES)[number];
/** A credential definition as parsed. */
export type CredentialDefinition = z.infer<typeof credentialDefinitionSchema>;
/** An `oauth_config` block as parsed. */
export type OAuthConfig = z.infer<typeof oauthConfigSchema>;
/** A `skill` block as parsed. */
export type Skill = z.infer<typeof skillSchema>;
/** An adapter manifest as parsed (unknown fields kept). */
export type Manifest = z.infer<typeof manifestSchema>;

/** D1: the manifest's slug, or its name lower-cased with every run of non-alphanumerics turned into `-`. */
export function slugOf(manifest: Pick<Manifest, "name" | "slug">): string {
  if (manifest.slug) return manifest.slug;
  return manifest.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** D9a: an app that declares `send` or `receive` is a channel app. */
export function isChannelApp(manifest: Pick<Manifest, "capabilities">): boolean {
  return (manifest.capabilities ?? []).length > 0;
}

/** D410: the optional endpoints a manifest may declare under `endpoints`. */
export const OPTIONAL_ENDPOINTS = ["inbound"] as const;

/** An optional endpoint a manifest may declare (D410). */
export type OptionalEndpoint = (typeof OPTIONAL_ENDPOINTS)[number];

/** Whether the manifest declares an optional endpoint (D410); an old manifest without `endpoints` declares none. */
export function declaresEndpoint(manifest: Pick<Manifest, "endpoints">, id: OptionalEndpoint): boolean {
  return (manifest.endpoints ?? []).includes(id);
}

/** Whether the manifest declares the capability. */
export function hasCapability(manifest: Pick<Manifest, "capabilities">, capability: Capability): boolean {
  return (manifest.capabilities ?? []).includes(capability);
}
