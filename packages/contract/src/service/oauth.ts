import { z } from "zod";
import { slugSchema } from "../adapter/manifest.ts";
import { instantSchema } from "./common.ts";
import { credentialSummarySchema } from "./installation.ts";

const clientField = z.string().min(1).max(4096);

/** The body of `POST /api/v1/oauth/connect` (A6). */
export const oauthConnectRequestSchema = z
  .strictObject({
    app: slugSchema.meta({ description: "The App whose manifest's oauth_config drives the flow." }),
    credential_key: z.string().min(1).max(200).optional().meta({
      description: "Which oauth2 credential of the App to fill; needed only when it declares several.",
    }),
    client_id: clientField.optional().meta({
      description: "The OAuth client registered at the provider; left out, the organization's stored one is reused.",
    }),
    client_secret: clientField.optional().meta({ description: "That client's secret; stored sealed." }),
  })
  .meta({ title: "OAuth connect request", examples: [{ app: "tasks", client_id: "my-client", client_secret: "…" }] });

/** Where to send the user to authorize: the answer of `POST /api/v1/oauth/connect`. */
export const oauthAuthorizationSchema = z
  .object({
    authorize_url: z.string().meta({ description: "Open it in the user's browser; it comes back to redirect_uri." }),
    redirect_uri: z.string().meta({ description: "The service's own /oauth/callback, registered at the provider." }),
    credential_key: z.string(),
    expires_at: instantSchema.meta({ description: "The single-use state is valid until then (10 minutes)." }),
  })
  .meta({ title: "OAuth authorization" });

/** The answer of `GET /oauth/callback`: the credential the tokens went into, without a value. */
export const oauthConnectedSchema = z
  .object({ app: slugSchema, credential: credentialSummarySchema })
  .meta({ title: "OAuth connected" });

export type OAuthConnectRequest = z.infer<typeof oauthConnectRequestSchema>;
export type OAuthAuthorization = z.infer<typeof oauthAuthorizationSchema>;
export type OAuthConnected = z.infer<typeof oauthConnectedSchema>;
