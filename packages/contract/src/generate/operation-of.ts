import type { OpenAPIV3_1 } from "openapi-types";
import type { z } from "zod";
import type { EndpointDef, ParameterDef, ResponseDef } from "../endpoint.ts";

type SchemaOrRef = OpenAPIV3_1.SchemaObject | OpenAPIV3_1.ReferenceObject;
type Ref = (schema: z.ZodType) => SchemaOrRef;

/** One operation of an OpenAPI document: typed path, query and header parameters, the body and every response. */
export function operationOf(endpoint: EndpointDef, ref: Ref): OpenAPIV3_1.OperationObject {
  const parameters = [
    ...pathParameters(endpoint).map(([name, def]) => parameter(name, "path", def, ref)),
    ...Object.entries(endpoint.query ?? {}).map(([name, def]) => parameter(name, "query", def, ref)),
    ...Object.entries(endpoint.headers ?? {}).map(([name, def]) => parameter(name, "header", def, ref)),
  ];
  const responses: OpenAPIV3_1.ResponsesObject = {};
  for (const [status, response] of Object.entries(endpoint.responses)) responses[status] = responseOf(response, ref);
  const request = endpoint.request;
  return {
    operationId: endpoint.id,
    summary: endpoint.summary,
    ...(endpoint.tags ? { tags: [...endpoint.tags] } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(endpoint.security ? { security: endpoint.security.map((name) => ({ [name]: [] })) } : {}),
    ...(request
      ? {
          requestBody: {
            required: request.required ?? true,
            content: { [request.contentType ?? "application/json"]: media(ref(request.schema), request.example) },
          },
        }
      : {}),
    responses,
  };
}

// Every `{name}` of the path must be declared, so that ids and tokens are typed in the document.
function pathParameters(endpoint: EndpointDef): [string, ParameterDef][] {
  const names = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name!);
  const declared = Object.keys(endpoint.pathParameters ?? {});
  const missing = names.find((name) => !declared.includes(name));
  const extra = declared.find((name) => !names.includes(name));
  if (missing !== undefined) throw new Error(`${endpoint.id}: path parameter {${missing}} is not declared`);
  if (extra !== undefined) throw new Error(`${endpoint.id}: declares {${extra}}, which is not in its path`);
  return names.map((name) => [name, endpoint.pathParameters![name]!]);
}

function parameter(
  name: string,
  location: "path" | "query" | "header",
  def: ParameterDef,
  ref: Ref,
): OpenAPIV3_1.ParameterObject {
  return {
    name,
    in: location,
    description: def.description,
    required: def.required ?? location === "path",
    // openapi-types types a 3.1 parameter's schema with its 3.0 schema object.
    schema: ref(def.schema) as NonNullable<OpenAPIV3_1.ParameterObject["schema"]>,
  };
}

function responseOf(response: ResponseDef, ref: Ref): OpenAPIV3_1.ResponseObject {
  const content: Record<string, OpenAPIV3_1.MediaTypeObject> = {};
  const variants = (response.variants ?? []).map((variant) => ({ when: variant.when, schema: ref(variant.schema) }));
  if (response.schema) {
    // A variant narrows the schema, so listing it in an anyOf changes nothing a body may be, and puts it where tools
    // that do not read x-variants find it.
    const schema = ref(response.schema);
    const narrowed = variants.length > 0 ? { anyOf: [schema, ...variants.map((variant) => variant.schema)] } : schema;
    content[response.contentType ?? "application/json"] = media(narrowed, response.example);
  }
  for (const [type, alternative] of Object.entries(response.alternatives ?? {})) {
    content[type] = alternative.schema ? { schema: ref(alternative.schema) } : {};
  }
  const headers = Object.entries(response.headers ?? {});
  const notes = variants.map(
    ({ when, schema }) => ` When ${when}, the body also matches ${"$ref" in schema ? schema.$ref : "x-variants"}.`,
  );
  return {
    description: `${response.description}${notes.join("")}`,
    ...(headers.length > 0
      ? {
          headers: Object.fromEntries(
            headers.map(([name, def]) => [
              name,
              {
                description: def.description,
                required: def.required ?? false,
                schema: ref(def.schema) as NonNullable<OpenAPIV3_1.HeaderObject["schema"]>,
              },
            ]),
          ),
        }
      : {}),
    ...(Object.keys(content).length > 0 ? { content } : {}),
    ...(variants.length > 0 ? { "x-variants": variants } : {}),
  };
}

function media(schema: SchemaOrRef, example: unknown): OpenAPIV3_1.MediaTypeObject {
  return { schema, ...(example === undefined ? {} : { example }) };
}
