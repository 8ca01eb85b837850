import { OpenApiGeneratorV31, OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z, type ZodObject, type ZodType } from 'zod';
import { DEFAULT_API_VERSION, idempotencyKey } from '@alpenpass/contracts';
import type { ApiRouter } from './api-router';

/** the header of the routes declared `idempotent` (docs/ARCHITECTURE.md, "Idempotency-Key") */
const idempotencyHeaders = z.object({
  'Idempotency-Key': idempotencyKey.optional().meta({
    description:
      'Optional, 1 to 200 characters, chosen by the caller (a UUID per user action). A repeat of the same request under the key gets the first answer and nothing runs again; another request under it is 422 IDEMPOTENCY_KEY_REUSED; while the first still runs, 409 IDEMPOTENCY_KEY_IN_FLIGHT. Keys are per caller and route; a refused or failed request frees its key.',
  }),
});

const idempotencyResponses = {
  409: {
    description:
      'Conflict, or IDEMPOTENCY_KEY_IN_FLIGHT: the request under this key has not answered yet (application/problem+json)',
  },
  422: {
    description: 'IDEMPOTENCY_KEY_REUSED: the key was used for another request (application/problem+json)',
  },
};

const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function asObject(schema: ZodType | undefined): ZodObject | undefined {
  return schema && 'shape' in schema ? (schema as ZodObject) : undefined;
}

/** Whether zod-to-openapi can render a schema; the reason when it cannot. */
function renderError(schema: ZodType | undefined): string | undefined {
  if (!schema) return undefined;
  const registry = new OpenAPIRegistry();
  registry.registerPath({
    method: 'post',
    path: '/probe',
    request: { body: { content: { 'application/json': { schema } } } },
    responses: { 200: { description: 'probe' } },
  });
  try {
    new OpenApiGeneratorV31(registry.definitions).generateDocument({
      openapi: '3.1.0',
      info: { title: 'probe', version: '0' },
    });
    return undefined;
  } catch (error) {
    // zod-to-openapi's own errors are not Error instances
    const message = (error as { message?: unknown } | null)?.message;
    return typeof message === 'string' ? message : String(error);
  }
}

/**
 * OpenAPI 3.1, generated from the same zod schemas that validate the requests. A schema the generator
 * cannot render is left out of its route, which then names the reason under x-schema-errors: one
 * context's unusual schema must not turn the whole document into a 500.
 */
export function buildOpenApiDocument(routers: ApiRouter[]): object {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
  });
  for (const router of routers) {
    for (const { spec, fullPath, tag } of router.routes) {
      const status = spec.status ?? 200;
      const schemaErrors: string[] = [];
      const renderable = <S extends ZodType | undefined>(part: string, schema: S): S | undefined => {
        const error = renderError(schema);
        if (error) schemaErrors.push(`${part}: ${error}`);
        return error ? undefined : schema;
      };
      const params = renderable('params', asObject(spec.params));
      const query = renderable('query', asObject(spec.query));
      const body = renderable('body', spec.body);
      const response = renderable('response', spec.response);
      registry.registerPath({
        method: spec.method,
        path: `/api${toOpenApiPath(fullPath)}`,
        summary: spec.summary,
        tags: [tag],
        security: spec.access === 'public' ? [] : [{ bearer: [] }],
        ...(schemaErrors.length ? { 'x-schema-errors': schemaErrors } : {}),
        request: {
          params,
          query,
          headers: spec.idempotent ? idempotencyHeaders : undefined,
          body: spec.upload
            ? {
                content: {
                  'multipart/form-data': {
                    schema: {
                      type: 'object',
                      required: [spec.upload.field],
                      properties: { [spec.upload.field]: { type: 'string', format: 'binary' } },
                    },
                  },
                },
              }
            : body
              ? { content: { 'application/json': { schema: body } } }
              : undefined,
        },
        responses: {
          [status]: response
            ? { description: 'Success', content: { 'application/json': { schema: response } } }
            : { description: 'Success' },
          400: { description: 'Bad input (application/problem+json)' },
          ...(spec.idempotent ? idempotencyResponses : {}),
          ...(spec.access !== 'public'
            ? { 401: { description: 'Not signed in' }, 403: { description: 'Not allowed' } }
            : {}),
        },
      });
    }
  }
  for (const router of routers) {
    for (const outgoing of router.outgoing) {
      registry.registerWebhook({
        method: 'post',
        path: outgoing.name,
        summary: outgoing.summary,
        tags: [router.tag],
        request: {
          headers: asObject(outgoing.headers),
          body: { content: { 'application/json': { schema: outgoing.body } } },
        },
        responses: {
          200: { description: 'Taken (any 2xx); anything else is retried, 410 Gone stops the subscription' },
        },
      });
    }
  }
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Alpenpass API',
      version: DEFAULT_API_VERSION,
      description:
        'Ticket and booking shop API. Every call sends x-client-id, x-channel-id, optionally x-api-version and x-correlation-id.',
    },
    servers: [{ url: '/' }],
  });
}
