import { z } from "zod";
import type { EndpointDef } from "../endpoint.ts";
import { ADAPTER_ERRORS } from "./app-endpoints.ts";
import * as ex from "./app-examples.ts";
import { BEARER, created, E, ok, problem } from "./endpoint-parts.ts";
import {
  credentialListSchema,
  installationCreateSchema,
  installationCredentialsSchema,
  installationListSchema,
  installationPatchSchema,
  installationSchema,
} from "./installation.ts";

/** The `{installation_id}` of a path. */
export const INSTALLATION_ID_PARAM = {
  installation_id: { description: "The installation's id.", schema: z.string().regex(/^inst_[A-Za-z0-9_-]{22}$/) },
} as const;

const WORKFLOW_SCOPED = problem(
  "forbidden",
  "A workflow-scoped token cannot change installations, or install into another project than its own.",
  "A workflow-scoped token cannot install Apps.",
);

/** Installations (A4) and the organization's stored credentials (A5). */
export const INSTALLATION_ENDPOINTS = [
  {
    id: "create-installation",
    method: "POST",
    path: "/api/v1/installations",
    summary:
      "Install a published App (or one's own draft) into the token's project: the credentials are checked with the adapter's /verify first, then stored sealed for the App's publisher in that project (A4, A5).",
    tags: ["installations"],
    security: BEARER,
    request: {
      schema: installationCreateSchema,
      example: {
        app: "chat",
        credentials: { chat_bot_token: "xoxb-…", chat_workspace: { team_id: "T0001", region: "eu" } },
      },
    },
    responses: {
      201: created(
        "Installed.",
        installationSchema,
        ex.EXAMPLE_INSTALLATION,
        "/api/v1/installations/{installation_id}",
      ),
      400: E[400],
      401: E[401],
      403: WORKFLOW_SCOPED,
      404: problem("not_found", "No such App, or one not installable by this organization.", "No App chat."),
      413: E[413],
      422: problem(
        "verification_failed",
        "The adapter's /verify refused the credentials; the detail carries its error.",
        "The adapter refused the credentials: invalid_auth",
      ),
      429: E[429],
      ...ADAPTER_ERRORS,
    },
  },
  {
    id: "list-installations",
    method: "GET",
    path: "/api/v1/installations",
    summary: "The installations of the token's project (and the organization-wide ones), newest first.",
    query: {
      include_uninstalled: {
        description: "Whether uninstalled ones are listed too.",
        schema: z.enum(["true", "false"]).default("false"),
      },
    },
    tags: ["installations"],
    security: BEARER,
    responses: {
      200: ok("The installations.", installationListSchema, { items: [ex.EXAMPLE_INSTALLATION] }),
      400: E[400],
      401: E[401],
      429: E[429],
    },
  },
  {
    id: "get-installation",
    method: "GET",
    path: "/api/v1/installations/{installation_id}",
    pathParameters: INSTALLATION_ID_PARAM,
    summary: "An installation.",
    tags: ["installations"],
    security: BEARER,
    responses: {
      200: ok("The installation.", installationSchema, ex.EXAMPLE_INSTALLATION),
      401: E[401],
      404: E[404],
      429: E[429],
    },
  },
  {
    id: "update-installation",
    method: "PATCH",
    path: "/api/v1/installations/{installation_id}",
    pathParameters: INSTALLATION_ID_PARAM,
    summary: "Turn the front-desk toggle on or off: on, inbound events go to the front desk instead of triggers.",
    tags: ["installations"],
    security: BEARER,
    request: { schema: installationPatchSchema, example: { front_desk: true } },
    responses: {
      200: ok("The installation.", installationSchema, ex.EXAMPLE_INSTALLATION),
      400: E[400],
      401: E[401],
      403: WORKFLOW_SCOPED,
      404: E[404],
      409: problem("conflict", "The installation is uninstalled.", "Installation inst_… is uninstalled."),
      413: E[413],
      429: E[429],
    },
  },
  {
    id: "replace-installation-credentials",
    method: "PUT",
    path: "/api/v1/installations/{installation_id}/credentials",
    pathParameters: INSTALLATION_ID_PARAM,
    summary:
      "Change an installation's credentials in place (D560): they are re-verified with the adapter's /verify before they replace the stored ones (keys left out keep theirs); an installation an upgrade held back for a missing credential then moves to that version. Its id and inbound URL stay.",
    tags: ["installations"],
    security: BEARER,
    request: {
      schema: installationCredentialsSchema,
      example: {
        credentials: { chat_bot_token: { token: "xoxb-…" }, chat_workspace: { team_id: "T0001", region: "eu" } },
      },
    },
    responses: {
      200: ok("The installation, on the version it is on now.", installationSchema, ex.EXAMPLE_INSTALLATION),
      400: E[400],
      401: E[401],
      403: WORKFLOW_SCOPED,
      404: E[404],
      409: problem("conflict", "The installation is uninstalled.", "Installation inst_… is uninstalled."),
      413: E[413],
      422: problem(
        "verification_failed",
        "The adapter's /verify refused the credentials; the stored ones are kept, and the detail names the keys given and the adapter's error.",
        "The adapter's /verify refused chat_bot_token: invalid_auth. The credentials stored before are kept.",
      ),
      429: E[429],
      ...ADAPTER_ERRORS,
    },
  },
  {
    id: "delete-installation",
    method: "DELETE",
    path: "/api/v1/installations/{installation_id}",
    pathParameters: INSTALLATION_ID_PARAM,
    summary: "Uninstall: the installation is kept as uninstalled, its inbound URL then answers 410 (A4).",
    tags: ["installations"],
    security: BEARER,
    responses: {
      200: ok("The uninstalled installation.", installationSchema, ex.EXAMPLE_INSTALLATION),
      401: E[401],
      403: WORKFLOW_SCOPED,
      404: E[404],
      429: E[429],
    },
  },
  {
    id: "list-credentials",
    method: "GET",
    path: "/api/v1/credentials",
    summary: "The credentials the token's project stored: keys, publishers, types and field names, never a value (A5).",
    tags: ["installations"],
    security: BEARER,
    responses: {
      200: ok("The credentials.", credentialListSchema, { items: [ex.EXAMPLE_CREDENTIAL] }),
      401: E[401],
      429: E[429],
    },
  },
] as const satisfies readonly EndpointDef[];
