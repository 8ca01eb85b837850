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

  it('names the field when exactly one alternative of a union fits the input, and keeps "Invalid input" otherwise', () => {
    const schema = z.union([
      z.object({ basketId: z.uuid() }).strict(),
      z.object({ items: z.array(z.object({ day: z.iso.date('Expected a day') })) }).strict(),
    ]);
    expect(() => parseInput(schema, { items: [{ day: 'soon' }] }, 'body')).toThrow(
      expect.objectContaining({
        detail: 'Expected a day',
        errors: [{ path: 'body.items.0.day', message: 'Expected a day' }],
      }),
    );
    expect(() => parseInput(schema, { basketId: 'x', items: [] }, 'body')).toThrow(
      expect.objectContaining({ errors: [{ path: 'body', message: 'Invalid input' }] }),
    );
  });
});
