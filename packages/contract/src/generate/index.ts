export { buildOpenApi, type OpenApiSource } from "./build-openapi.ts";
export {
  buildAdapterContractOpenApi,
  buildServiceApiOpenApi,
  CONTRACT_VERSION,
  renderSchemaFiles,
  SCHEMA_ID_BASE,
} from "./render-schema-files.ts";
export { type JsonSchema, toJsonSchema } from "./to-json-schema.ts";
