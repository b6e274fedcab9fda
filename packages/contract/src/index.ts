export type {
  EndpointDef,
  HttpMethod,
  ParameterDef,
  RequestDef,
  ResponseDef,
  ResponseVariant,
} from "./endpoint.ts";
export * from "./adapter/index.ts";
export * from "./service/index.ts";
export * from "./generate/index.ts";
