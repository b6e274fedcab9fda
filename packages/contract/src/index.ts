export type { EndpointDef, HttpMethod, RequestDef, ResponseDef } from "./endpoint.ts";
export * from "./adapter/index.ts";
export * from "./service/index.ts";
export * from "./generate/index.ts";
