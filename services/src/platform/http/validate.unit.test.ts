import { z } from 'zod';
import { Problem } from './problem';
import { nulCharacterMessage, parseInput } from './validate';

describe('parseInput', () => {
  it('refuses a NUL character anywhere in a request part with a 400 naming where (PostgreSQL text cannot hold one)', () => {
    const schema = z.object({ name: z.string(), tags: z.array(z.string()) });
    const parse = () => parseInput(schema, { name: 'ok', tags: ['fine', 'a\u0000b'] }, 'body');
    expect(parse).toThrow(Problem);
    try {
      parse();
    } catch (error) {
      expect(error).toMatchObject({
        status: 400,
        code: 'VALIDATION_FAILED',
        detail: nulCharacterMessage,
        errors: [{ path: 'body.tags.1', message: nulCharacterMessage }],
      });
    }
  });

  it('refuses a NUL character in a key, even one the schema would strip', () => {
    expect(() => parseInput(z.object({}), { 'x\u0000': 1 }, 'query')).toThrow(nulCharacterMessage);
  });

  it('passes other text through to the schema', () => {
    expect(parseInput(z.object({ slug: z.string() }), { slug: 'ünïcödé 🚡' }, 'params')).toEqual({
      slug: 'ünïcödé 🚡',
    });
  });
});
