import type { OpenAPIV3_1 } from "openapi-types";
import { ADAPTER_ENDPOINTS } from "../adapter/endpoints.ts";
import { ADAPTER_SHAPES } from "../adapter/shapes.ts";
import { SERVICE_ENDPOINTS, SERVICE_SHAPES } from "../service/index.ts";
import { buildOpenApi } from "./build-openapi.ts";
import { toJsonSchema } from "./to-json-schema.ts";

/** The base of every published schema's `$id`. */
export const SCHEMA_ID_BASE = "https://adapterkit.dev/schemas/";

export const CONTRACT_VERSION = "1.0.0";

/** The license both documents state: the repository's own (LICENSE). */
const LICENSE = { name: "MIT", identifier: "MIT" } as const;

/** The adapter contract's OpenAPI document: `/manifest.json` and `/health` public, every other call signed. */
export function buildAdapterContractOpenApi(): OpenAPIV3_1.Document {
  return buildOpenApi({
    title: "adapterkit adapter contract",
    version: CONTRACT_VERSION,
    description:
      "The HTTP contract an app adapter implements; the service calls it. Calls other than /manifest.json and " +
      "/health are signed with Standard Webhooks headers (D9).",
    license: LICENSE,
    endpoints: ADAPTER_ENDPOINTS.map((endpoint) => ({
      ...endpoint,
      security: endpoint.signed ? ["serviceSignature"] : [],
    })),
    shapes: ADAPTER_SHAPES,
    servers: [{ url: "{adapter_url}", variables: { adapter_url: { default: "http://localhost:3100/chat" } } }],
    securitySchemes: {
      serviceSignature: {
        type: "apiKey",
        in: "header",
        name: "webhook-signature",
        description: "Standard Webhooks v1 signature with webhook-id and webhook-timestamp (D9).",
      },
    },
  });
}

/** The reference service's OpenAPI document, as `schemas/` holds it and `GET /api/v1/openapi.json` serves it. */
export function buildServiceApiOpenApi(): OpenAPIV3_1.Document {
  return buildOpenApi({
    title: "adapterkit reference service API",
    version: CONTRACT_VERSION,
    description: "The public trigger API, webhook hooks, callbacks and the management API of the reference service.",
    license: LICENSE,
    endpoints: SERVICE_ENDPOINTS,
    shapes: SERVICE_SHAPES,
    servers: [{ url: "{base_url}", variables: { base_url: { default: "http://localhost:3000" } } }],
    securitySchemes: {
      bearerAuth: {
        type: "http",
        scheme: "bearer",
        description: "An `ak_…` API token, scoped to one project or one workflow of an organization (D16).",
      },
      adminAuth: {
        type: "http",
        scheme: "bearer",
        description: "The service's admin token (`ADAPTERKIT_ADMIN_TOKEN`); without one the admin API is closed.",
      },
    },
  });
}

/** Every file of `schemas/`, by file name, exactly as `npm run schemas` writes it. */
export function renderSchemaFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  const shapes = { ...ADAPTER_SHAPES, ...SERVICE_SHAPES };
  for (const [name, schema] of Object.entries(shapes)) {
    const fileName = `${name}.schema.json`;
    files[fileName] = stringify({ $id: `${SCHEMA_ID_BASE}${fileName}`, ...toJsonSchema(schema) });
  }
  files["adapter-contract.openapi.json"] = stringify(buildAdapterContractOpenApi());
  files["service-api.openapi.json"] = stringify(buildServiceApiOpenApi());
  return files;
}

function stringify(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
