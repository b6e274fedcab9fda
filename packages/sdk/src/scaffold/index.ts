export { ADAPTER_KINDS, type AdapterKind, isAdapterKind } from "./adapter-kinds.ts";
export { type ScaffoldOptions, type ScaffoldResult, scaffoldAdapter } from "./scaffold-adapter.ts";
export { ScaffoldError, type ScaffoldErrorCode } from "./scaffold-error.ts";
