import type { ManifestInput } from "./manifest-input.ts";

type Simplify<T> = { [K in keyof T]: T[K] } & {};
type UnionToIntersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void
  ? I
  : never;

/** The four fields the service stores for an oauth2 credential; it refreshes `access_token` itself. */
export interface OAuth2Credentials {
  readonly access_token: string;
  readonly client_id?: string;
  readonly client_secret?: string;
  readonly refresh_token?: string;
}

type FieldName<F> = F extends { readonly name: infer N extends string } ? N : never;
type TextFields<F> = {
  readonly [P in F as P extends { readonly optional: true } ? never : FieldName<P>]: string;
} & {
  readonly [P in F as P extends { readonly optional: true } ? FieldName<P> : never]?: string;
};

/** The fields one credential definition contributes, under the names the adapter receives them by. */
export type FieldsOfCredential<D> = D extends { readonly type: "oauth2" }
  ? OAuth2Credentials
  : D extends { readonly type: "text"; readonly fields: readonly (infer F)[] }
    ? TextFields<F>
    : D extends { readonly maps_to: infer N extends string }
      ? { readonly [K in N]: string }
      : D extends { readonly type: "api_key" }
        ? { readonly token: string }
        : D extends { readonly key: infer K extends string }
          ? { readonly [P in K]: string }
          : never;

type CredentialDefinitions<M> = M extends { readonly credentials?: infer C }
  ? C extends readonly unknown[]
    ? C[number]
    : never
  : never;

/** What a manifest without credential definitions gives its handlers: nothing to read. */
export type NoCredentials = Record<never, never>;

/**
 * The `credentials` object handlers receive, inferred from the manifest's credential definitions by `maps_to`:
 * api_key → `maps_to` (default `token`); oauth2 → its four fields; text with `fields` → each field by name;
 * text without `fields` → `maps_to`, else `key`.
 */
export type CredentialsOf<M extends ManifestInput> = [CredentialDefinitions<M>] extends [never]
  ? NoCredentials
  : Simplify<UnionToIntersection<FieldsOfCredential<CredentialDefinitions<M>>>>;
