export type { EndpointDef, HttpMethod, ResponseDef } from "./endpoint.ts";
export * from "./adapter/index.ts";
export * from "./service/index.ts";
export * from "./generate/index.ts";
