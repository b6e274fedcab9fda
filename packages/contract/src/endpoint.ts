import type { z } from "zod";

/** HTTP methods used by the adapter contract and the public API. */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A path, query or header parameter: what it means and its schema. */
export interface ParameterDef {
  readonly description: string;
  readonly schema: z.ZodType;
  /** Defaults to true for a path parameter and false for the others. */
  readonly required?: boolean;
}

/** A narrower schema a response body must also match under a condition (a request field, a mode). */
export interface ResponseVariant {
  readonly when: string;
  readonly schema: z.ZodType;
}

/** One response an endpoint may give: its status, what it means, and its body schema (none for an empty body). */
export interface ResponseDef {
  readonly description: string;
  readonly schema?: z.ZodType;
  /** Defaults to application/json when a schema is given. */
  readonly contentType?: string;
  readonly example?: unknown;
  /** Other content types the same status may answer with, each with its schema (none for raw bytes). */
  readonly alternatives?: Readonly<Record<string, { readonly schema?: z.ZodType }>>;
  readonly variants?: readonly ResponseVariant[];
  /** Response headers by name. */
  readonly headers?: Readonly<Record<string, ParameterDef>>;
}

/** The body an endpoint takes. */
export interface RequestDef {
  readonly schema: z.ZodType;
  readonly contentType?: string;
  readonly example?: unknown;
  /** Whether a request must carry a body; defaults to true. */
  readonly required?: boolean;
}

/** One row of an endpoint table: the single description every consumer (SDK, client, runner, OpenAPI) reads. */
export interface EndpointDef {
  readonly id: string;
  readonly method: HttpMethod;
  /** OpenAPI-style path, `{name}` for parameters. */
  readonly path: string;
  readonly summary: string;
  /** Every `{name}` of the path, typed. */
  readonly pathParameters?: Readonly<Record<string, ParameterDef>>;
  readonly query?: Readonly<Record<string, ParameterDef>>;
  /** Request headers the caller sends or the endpoint reads, by name. */
  readonly headers?: Readonly<Record<string, ParameterDef>>;
  readonly request?: RequestDef;
  readonly responses: Readonly<Record<number, ResponseDef>>;
  /** Security scheme names from the OpenAPI document; empty for public endpoints. */
  readonly security?: readonly string[];
  readonly tags?: readonly string[];
}
