export * from "./adapter-contract.ts";
export * from "./generate/index.ts";
export * from "./service/index.ts";
