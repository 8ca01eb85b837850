import { z } from 'zod';
import { ApiRouter } from './api-router';
import { buildOpenApiDocument, checkOperationIds } from './openapi';

type Document = {
  paths: Record<
    string,
    Record<
      string,
      { 'x-schema-errors'?: string[]; requestBody?: unknown; responses: Record<string, unknown> }
    >
  >;
};

describe('the OpenAPI document', () => {
  it('leaves out a schema the generator cannot render, names why, and still documents every route', () => {
    const router = new ApiRouter('Test', '/test')
      .route(
        {
          method: 'get',
          operationId: 'getOdd',
          path: '/odd',
          summary: 'odd',
          access: 'public',
          response: z.object({ none: z.array(z.never()) }),
        },
        () => ({ none: [] }),
      )
      .route(
        {
          method: 'post',
          operationId: 'postPlain',
          path: '/plain',
          summary: 'plain',
          access: 'public',
          body: z.object({ name: z.string() }),
        },
        () => undefined,
      );

    const document = buildOpenApiDocument([router]) as Document;

    const odd = document.paths['/api/test/odd']!.get!;
    expect(odd['x-schema-errors']).toEqual([expect.stringMatching(/^response: Unknown zod object type/)]);
    expect(odd.responses['200']).toEqual({ description: 'Success' });
    const plain = document.paths['/api/test/plain']!.post!;
    expect(plain['x-schema-errors']).toBeUndefined();
    expect(plain.requestBody).toEqual({
      content: {
        'application/json': { schema: expect.objectContaining({ type: 'object', required: ['name'] }) },
      },
    });
  });
});

describe('the Idempotency-Key header', () => {
  it('is documented on the routes that take it, with their 409 and 422, and on no other', () => {
    const router = new ApiRouter('Test', '/test')
      .route(
        {
          method: 'post',
          operationId: 'postOnce',
          path: '/once',
          summary: 'once',
          access: 'public',
          idempotent: true,
        },
        () => undefined,
      )
      .route(
        { method: 'post', operationId: 'postPlain', path: '/plain', summary: 'plain', access: 'public' },
        () => undefined,
      );

    const document = buildOpenApiDocument([router]) as {
      paths: Record<
        string,
        {
          post: {
            parameters?: { name: string; in: string; required: boolean; schema: object }[];
            responses: Record<string, unknown>;
          };
        }
      >;
    };

    const once = document.paths['/api/test/once']!.post;
    expect(once.parameters).toEqual([
      expect.objectContaining({
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        schema: expect.objectContaining({ type: 'string', minLength: 1, maxLength: 200 }),
      }),
    ]);
    expect(Object.keys(once.responses)).toEqual(expect.arrayContaining(['409', '422']));
    const plain = document.paths['/api/test/plain']!.post;
    expect(plain.parameters ?? []).toEqual([]);
    expect(Object.keys(plain.responses)).not.toContain('422');
  });
});

describe('the operationIds', () => {
  const route = (operationId: string, path: string) =>
    ({ method: 'get', operationId, path, summary: path, access: 'public' }) as const;

  it('name the operations and the outgoing webhooks in the document', () => {
    const router = new ApiRouter('Test', '/test')
      .route(route('getThing', '/thing'), () => ({}))
      .describeOutgoing({ name: 'thing.partially_changed', summary: 'changed', body: z.object({}) });

    const document = buildOpenApiDocument([router]) as {
      paths: Record<string, { get: { operationId: string } }>;
      webhooks: Record<string, { post: { operationId: string } }>;
    };

    expect(document.paths['/api/test/thing']!.get.operationId).toBe('getThing');
    expect(document.webhooks['thing.partially_changed']!.post.operationId).toBe('onThingPartiallyChanged');
  });

  it('refuse an operationId taken twice, across routers, and one that is not camelCase', () => {
    const first = new ApiRouter('One', '/one').route(route('getThing', '/thing'), () => ({}));
    const second = new ApiRouter('Two', '/two')
      .route(route('getThing', '/thing'), () => ({}))
      .route(route('get-other', '/other'), () => ({}));

    expect(() => checkOperationIds([first, second])).toThrow(
      /GET \/two\/thing: "getThing" is taken by GET \/one\/thing[\s\S]*GET \/two\/other: "get-other" is not camelCase/,
    );
    expect(() => buildOpenApiDocument([first, second])).toThrow(/is taken by/);
  });
});
