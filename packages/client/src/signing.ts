// `@adapterkit/client/signing`: the D9 signature and the HMAC key cache alone, without the client's HTTP and
// validation machinery, for code that signs or verifies but never calls an adapter (the SDK, D418).
export { keyObjectCache } from "./key-object-cache.ts";
export { type SignatureHeaders, type SignRequestOptions, signingKey, signRequest } from "./sign-request.ts";
