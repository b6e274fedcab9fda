export * from "./adapter/index.ts";
export type {
  EndpointDef,
  HttpMethod,
  ParameterDef,
  RequestDef,
  ResponseDef,
  ResponseVariant,
} from "./endpoint.ts";
export * from "./generate/index.ts";
export { exceedsJsonDepth, MAX_JSON_DEPTH } from "./json-depth.ts";
export * from "./service/index.ts";
