import type { z } from "zod";

/** HTTP methods used by the adapter contract and the public API. */
export type HttpMethod = "GET" | "POST" | "PATCH" | "DELETE";

/** One response an endpoint may give: its status, what it means, and its body schema (none for an empty body). */
export interface ResponseDef {
  readonly description: string;
  readonly schema?: z.ZodType;
  /** Defaults to application/json when a schema is given. */
  readonly contentType?: string;
  readonly example?: unknown;
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
  readonly request?: RequestDef;
  readonly responses: Readonly<Record<number, ResponseDef>>;
  /** Security scheme names from the OpenAPI document; empty for public endpoints. */
  readonly security?: readonly string[];
  readonly tags?: readonly string[];
}
