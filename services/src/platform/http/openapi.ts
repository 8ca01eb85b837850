import { OpenApiGeneratorV31, OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z, type ZodObject, type ZodType } from 'zod';
import { DEFAULT_API_VERSION, idempotencyKey } from '@alpenpass/contracts';
import type { ApiRouter } from './api-router';

/** the header of the routes declared `idempotent` (docs/http.md, "Idempotency-Key") */
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

/** GET /api/webhooks/schemas (services/src/webhook/api.ts) */
const webhookSchemasPath = '/api/webhooks/schemas';

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

/** the operationId of an outgoing webhook: `order.partially_refunded` is onOrderPartiallyRefunded */
export function webhookOperationId(eventType: string): string {
  return `on${eventType
    .split(/[._-]/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('')}`;
}

const operationIdShape = /^[a-z][A-Za-z0-9]*$/;

/**
 * Every operation's operationId, checked: camelCase and unique among the routes and outgoing webhooks, for
 * client generators name their functions by it. Throws naming the offenders.
 */
export function checkOperationIds(routers: ApiRouter[]): void {
  const seen = new Map<string, string>();
  const problems: string[] = [];
  const check = (operationId: string, operation: string) => {
    if (!operationIdShape.test(operationId)) problems.push(`${operation}: "${operationId}" is not camelCase`);
    const first = seen.get(operationId);
    if (first) problems.push(`${operation}: "${operationId}" is taken by ${first}`);
    else seen.set(operationId, operation);
  };
  for (const router of routers) {
    for (const { spec, fullPath } of router.routes)
      check(spec.operationId, `${spec.method.toUpperCase()} ${fullPath}`);
    for (const outgoing of router.outgoing)
      check(webhookOperationId(outgoing.name), `webhook ${outgoing.name}`);
  }
  if (problems.length) throw new Error(`OpenAPI operationIds:\n  ${problems.join('\n  ')}`);
}

/**
 * OpenAPI 3.1, generated from the same zod schemas that validate the requests. A schema the generator
 * cannot render is left out of its route, which then names the reason under x-schema-errors: one
 * context's unusual schema must not turn the whole document into a 500.
 */
export function buildOpenApiDocument(routers: ApiRouter[]): object {
  checkOperationIds(routers);
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
        operationId: spec.operationId,
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
        operationId: webhookOperationId(outgoing.name),
        summary: outgoing.summary,
        tags: [router.tag],
        // the shop signs what it sends (webhook-signature); the receiver's URL carries no credentials of ours
        security: [],
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
        'Ticket and booking shop API. Every call sends x-client-id, x-channel-id, optionally x-api-version and x-correlation-id. ' +
        `The webhooks the shop sends are described under \`webhooks\`; their payloads' JSON Schemas are also served at ${webhookSchemasPath}.`,
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    externalDocs: { description: 'Webhook payload JSON Schemas', url: webhookSchemasPath },
    servers: [{ url: '/' }],
  });
}
