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
