/** The slice of an OpenAPI 3.1 document the robustness test walks: every operation with its inputs. */
export type JsonSchema = { [keyword: string]: unknown };

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

interface OpenApiOperation {
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
  'x-schema-errors'?: string[];
}

export interface Parameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI template, e.g. /api/admin/slots/{slotId}/cancel */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** request headers the route documents (Idempotency-Key) */
  headerParams: Parameter[];
  body?: JsonSchema;
  /** the document says a bearer token is needed */
  secured: boolean;
  /** parts of the route the document could not describe (see platform/http/openapi.ts) */
  schemaErrors: string[];
  label: string;
}

const methods = new Set(['get', 'post', 'put', 'patch', 'delete']);

export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, byMethod] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(byMethod)) {
      if (!methods.has(method)) continue;
      const parameters = operation.parameters ?? [];
      const parametersIn = (where: string): Parameter[] =>
        parameters
          .filter((parameter) => parameter.in === where)
          .map((parameter) => ({
            name: parameter.name,
            required: parameter.required ?? where === 'path',
            schema: parameter.schema ?? {},
          }));
      operations.push({
        method: method as Operation['method'],
        path,
        pathParams: parametersIn('path'),
        queryParams: parametersIn('query'),
        headerParams: parametersIn('header'),
        body: operation.requestBody?.content?.['application/json']?.schema,
        secured: (operation.security ?? []).length > 0,
        schemaErrors: operation['x-schema-errors'] ?? [],
        label: `${method.toUpperCase()} ${path}`,
      });
    }
  }
  return operations;
}

/** Follows a local $ref (#/components/schemas/X); other schemas come back as they are. */
export function resolveSchema(schema: JsonSchema, document: OpenApiDocument): JsonSchema {
  let current = schema;
  for (let depth = 0; typeof current.$ref === 'string' && depth < 20; depth++) {
    const name = current.$ref.replace('#/components/schemas/', '');
    current = document.components?.schemas?.[name] ?? {};
  }
  return current;
}

/** Fills an OpenAPI path template; values are percent-encoded unless passed raw. */
export function fillPath(template: string, values: Record<string, string>, raw = false): string {
  return template.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = values[name] ?? 'x';
    return raw ? value : encodeURIComponent(value);
  });
}
