import type { OpenAPIV3_1 } from "openapi-types";
import type { z } from "zod";
import type { EndpointDef } from "../endpoint.ts";
import { operationOf } from "./operation-of.ts";
import { type JsonSchema, toJsonSchema } from "./to-json-schema.ts";

/** What an OpenAPI document is made from: an endpoint table and the named shapes it refers to. */
export interface OpenApiSource {
  readonly title: string;
  readonly version: string;
  readonly description: string;
  readonly license?: OpenAPIV3_1.LicenseObject;
  readonly endpoints: readonly EndpointDef[];
  readonly shapes: Readonly<Record<string, z.ZodType>>;
  readonly securitySchemes?: Record<string, OpenAPIV3_1.SecuritySchemeObject>;
  readonly servers?: OpenAPIV3_1.ServerObject[];
}

/**
 * Builds an OpenAPI 3.1 document; schemas that are named shapes become `$ref`s to components, and only the
 * components an operation reaches are kept. Throws when an endpoint names a security scheme the source does not
 * define.
 */
export function buildOpenApi(source: OpenApiSource): OpenAPIV3_1.Document {
  for (const endpoint of source.endpoints) {
    const unknown = endpoint.security?.find((name) => source.securitySchemes?.[name] === undefined);
    if (unknown !== undefined) throw new Error(`${endpoint.id} names the undefined security scheme ${unknown}`);
  }
  const names = new Map<z.ZodType, string>(Object.entries(source.shapes).map(([name, schema]) => [schema, name]));
  const components: Record<string, OpenAPIV3_1.SchemaObject> = {};
  for (const [name, schema] of Object.entries(source.shapes)) Object.assign(components, componentsOf(name, schema));
  const ref = (schema: z.ZodType): OpenAPIV3_1.SchemaObject | OpenAPIV3_1.ReferenceObject => {
    const name = names.get(schema);
    return name ? { $ref: `#/components/schemas/${name}` } : componentOf(schema);
  };

  const paths: OpenAPIV3_1.PathsObject = {};
  for (const endpoint of source.endpoints) {
    paths[endpoint.path] ??= {};
    const item = paths[endpoint.path] as Record<string, OpenAPIV3_1.OperationObject>;
    item[endpoint.method.toLowerCase()] = operationOf(endpoint, ref);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: source.title,
      version: source.version,
      description: source.description,
      ...(source.license ? { license: source.license } : {}),
    },
    ...(source.servers ? { servers: source.servers } : {}),
    paths,
    components: {
      schemas: reachable(paths, components),
      ...(source.securitySchemes ? { securitySchemes: source.securitySchemes } : {}),
    },
  };
}

/**
 * The components the paths refer to, directly or through other components. A named shape that is only ever part of
 * another is inlined there, and its own file in `schemas/` is where it stands alone.
 */
function reachable(
  paths: OpenAPIV3_1.PathsObject,
  components: Record<string, OpenAPIV3_1.SchemaObject>,
): Record<string, OpenAPIV3_1.SchemaObject> {
  const prefix = "#/components/schemas/";
  const seen = new Set<string>();
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string" && value.startsWith(prefix)) {
        const name = value.slice(prefix.length);
        if (!seen.has(name)) {
          seen.add(name);
          visit(components[name]);
        }
      } else visit(value);
    }
  };
  visit(paths);
  return Object.fromEntries(Object.entries(components).filter(([name]) => seen.has(name)));
}

/** An unnamed schema, inlined; one with recursive parts must be a named shape so its `$defs` can be hoisted. */
function componentOf(schema: z.ZodType): OpenAPIV3_1.SchemaObject {
  const { inline, ...hoisted } = componentsOf("inline", schema);
  if (Object.keys(hoisted).length > 0) throw new Error("a recursive schema used by an endpoint must be a named shape");
  return inline!;
}

/**
 * A shape as OpenAPI components: local `$defs` (recursive types such as JSON values) are hoisted beside it as
 * `<name>-<def>`, because a `#/$defs/…` pointer means the document root once the schema sits in `components`.
 */
function componentsOf(name: string, schema: z.ZodType): Record<string, OpenAPIV3_1.SchemaObject> {
  const {
    $schema: _dialect,
    $defs,
    ...rest
  } = toJsonSchema(schema) as JsonSchema & {
    $schema?: string;
    $defs?: Record<string, unknown>;
  };
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (node === null || typeof node !== "object") return node;
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) =>
        key === "$ref" && typeof value === "string" && value.startsWith("#/$defs/")
          ? [key, `#/components/schemas/${name}-${value.slice("#/$defs/".length)}`]
          : [key, rewrite(value)],
      ),
    );
  };
  const out: Record<string, OpenAPIV3_1.SchemaObject> = { [name]: rewrite(rest) as OpenAPIV3_1.SchemaObject };
  for (const [def, body] of Object.entries($defs ?? {})) {
    out[`${name}-${def}`] = rewrite(body) as OpenAPIV3_1.SchemaObject;
  }
  return out;
}
