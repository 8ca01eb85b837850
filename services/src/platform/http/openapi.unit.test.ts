import { z } from 'zod';
import { ApiRouter } from './api-router';
import { buildOpenApiDocument } from './openapi';

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
        { method: 'post', path: '/once', summary: 'once', access: 'public', idempotent: true },
        () => undefined,
      )
      .route({ method: 'post', path: '/plain', summary: 'plain', access: 'public' }, () => undefined);

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
