import { z } from "zod";
import { slugSchema } from "../adapter/manifest.ts";
import { idSchema, instantSchema } from "./common.ts";

const credentialValueSchema = z.string().min(1).max(8192);

/** Credentials as a request gives them (A4): by manifest key, an object of fields or a one-field credential's value. */
export const credentialInputSchema = z
  .record(z.string().min(1).max(200), z.union([credentialValueSchema, z.record(z.string(), credentialValueSchema)]))
  .default({})
  .meta({
    description:
      "By manifest key: an object of fields, or a string for a one-field credential. A key left out uses the record an App of the same publisher stored in the same project, if any (never another publisher's).",
  });

/** The body of `POST /api/v1/installations` (A4). */
export const installationCreateSchema = z
  .strictObject({
    app: slugSchema.meta({ description: "The App's slug." }),
    project_id: idSchema.optional().meta({ description: "The token's own project (the default); another is 403." }),
    credentials: credentialInputSchema,
  })
  .meta({
    title: "Installation create request",
    examples: [
      { app: "chat", credentials: { chat_bot_token: "xoxb-…", chat_signing_secret: "…" } },
      {
        app: "mail",
        credentials: { mail_server: { host: "smtp.example.com", username: "bot@example.com", password: "…" } },
      },
    ],
  });

/** The body of `PATCH /api/v1/installations/{id}`. */
export const installationPatchSchema = z
  .strictObject({ front_desk: z.boolean() })
  .meta({ title: "Installation patch request", examples: [{ front_desk: true }] });

/** D560: the body of `PUT /api/v1/installations/{id}/credentials`: the credentials to re-verify and keep in place. */
export const installationCredentialsSchema = z.strictObject({ credentials: credentialInputSchema }).meta({
  title: "Installation credentials request",
  examples: [
    { credentials: { chat_bot_token: { token: "xoxb-…" }, chat_workspace: { team_id: "T0001", region: "eu" } } },
    { credentials: { chat_bot_token: "xoxb-…" } },
  ],
});

/** D453: an upgrade its App's author asked for that this installation could not take; it stayed where it was. */
export const installationActionNeededSchema = z
  .object({
    version: z.int().positive().meta({ description: "The version it was to move to." }),
    reason: z.string().meta({ description: "Why it stayed, in a sentence." }),
    missing_credentials: z.array(z.string()).meta({
      description: "Keys of credentials that version requires and this installation has not given; empty otherwise.",
    }),
  })
  .meta({
    title: "Installation action needed",
    description:
      "Set when an upgrade left the installation on its version (a credential the new version adds, or /verify refused); cleared when it moves.",
  });

/** An App installed into an organization (A4). */
export const installationSchema = z
  .object({
    id: z.string().meta({ description: "Opaque: inst_ + 22 base64url characters." }),
    app: slugSchema,
    app_version: z.int().positive(),
    organization_id: idSchema,
    project_id: idSchema.nullable(),
    state: z.enum(["active", "uninstalled"]),
    front_desk: z.boolean().meta({ description: "Inbound events go to the front desk instead of triggers." }),
    verified_user: z.string().nullable().meta({ description: "Who /verify said the credentials belong to." }),
    inbound_url: z.string().meta({ description: "Where the platform posts its events (D27)." }),
    credential_keys: z.array(z.string()),
    credentials_reused: z.array(z.string()).optional().meta({
      description:
        "On the install's answer: the keys filled from a record stored earlier by an App of the same publisher in the same project, not from the request (A5).",
    }),
    needs_reauth: z.array(z.string()).meta({
      description:
        "Keys of its OAuth credentials whose grant the provider revoked (A6): connect them again with POST /api/v1/oauth/connect.",
    }),
    previous_version: z.int().positive().nullable().meta({
      description:
        "The version it was moved from by its App's author (D452); the author may move it back there. Null otherwise.",
    }),
    action_needed: installationActionNeededSchema.nullable(),
    created_at: instantSchema,
    updated_at: instantSchema,
    uninstalled_at: instantSchema.nullable(),
  })
  .meta({ title: "Installation" });

/** `GET /api/v1/installations`. */
export const installationListSchema = z
  .object({ items: z.array(installationSchema) })
  .meta({ title: "Installation list" });

/** A stored credential as the API shows it: never a value, only the field names (A5). */
export const credentialSummarySchema = z
  .object({
    key: z.string(),
    publisher_id: idSchema.or(z.literal(0)).meta({
      description: "The organization whose Apps share this record (A5); 0 for the service's own Skills.",
    }),
    project_id: idSchema
      .nullable()
      .meta({ description: "The project whose installations use it; null: organization-wide." }),
    type: z.string(),
    fields: z.array(z.string()),
    status: z.enum(["active", "needs_reauth"]),
    expires_at: instantSchema.nullable(),
    updated_at: instantSchema,
  })
  .meta({ title: "Credential" });

/** `GET /api/v1/credentials`. */
export const credentialListSchema = z
  .object({ items: z.array(credentialSummarySchema) })
  .meta({ title: "Credential list" });

export type InstallationJson = z.infer<typeof installationSchema>;
export type CredentialSummary = z.infer<typeof credentialSummarySchema>;
export type InstallationActionNeeded = z.infer<typeof installationActionNeededSchema>;
