// `@adapterkit/contract/adapter`: the adapter's side of the contract alone. The whole contract also builds every
// schema of the service's API, about 6 MB resident that an adapter never uses (D418); the SDK and the sample
// adapters import this.
export * from "./adapter/index.ts";
export type {
  EndpointDef,
  HttpMethod,
  ParameterDef,
  RequestDef,
  ResponseDef,
  ResponseVariant,
} from "./endpoint.ts";
export { exceedsJsonDepth, MAX_JSON_DEPTH } from "./json-depth.ts";
