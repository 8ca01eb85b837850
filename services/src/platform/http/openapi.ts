import { OpenApiGeneratorV31, OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import type { ZodObject, ZodType } from 'zod';
import { DEFAULT_API_VERSION } from '@alpenpass/contracts';
import type { ApiRouter } from './api-router';

const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function asObject(schema: ZodType | undefined): ZodObject | undefined {
  return schema && 'shape' in schema ? (schema as ZodObject) : undefined;
}

/** OpenAPI 3.1, generated from the same zod schemas that validate the requests. */
export function buildOpenApiDocument(routers: ApiRouter[]): object {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  for (const router of routers) {
    for (const { spec, fullPath, tag } of router.routes) {
      const status = spec.status ?? 200;
      registry.registerPath({
        method: spec.method,
        path: `/api${toOpenApiPath(fullPath)}`,
        summary: spec.summary,
        tags: [tag],
        security: spec.access === 'public' ? [] : [{ bearer: [] }],
        request: {
          params: asObject(spec.params),
          query: asObject(spec.query),
          body: spec.body ? { content: { 'application/json': { schema: spec.body } } } : undefined,
        },
        responses: {
          [status]: spec.response
            ? { description: 'Success', content: { 'application/json': { schema: spec.response } } }
            : { description: 'Success' },
          400: { description: 'Bad input (application/problem+json)' },
          ...(spec.access !== 'public' ? { 401: { description: 'Not signed in' }, 403: { description: 'Not allowed' } } : {}),
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
