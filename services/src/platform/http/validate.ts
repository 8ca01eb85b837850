import type { z } from 'zod';
import { Problem, type ProblemFieldError } from './problem';

type Issue = z.core.$ZodIssue;

/** A union that failed names no field ("Invalid input"). When exactly one alternative fits the input's
 * shape (it finds no unknown key: POST /checkout with `items` is the items alternative), its issues say
 * what is wrong, on their fields. */
function withinUnions(issue: Issue): Issue[] {
  if (issue.code !== 'invalid_union') return [issue];
  const fitting = issue.errors.filter(
    (alternative) => !alternative.some((inner) => inner.code === 'unrecognized_keys'),
  );
  if (fitting.length !== 1) return [issue];
  return fitting[0]!.flatMap((inner) => withinUnions({ ...inner, path: [...issue.path, ...inner.path] }));
}

export function fieldErrors(error: z.ZodError, prefix: string): ProblemFieldError[] {
  return error.issues.flatMap(withinUnions).map((issue) => ({
    path: [prefix, ...issue.path.map(String)].filter(Boolean).join('.'),
    message: issue.message,
  }));
}

export const nulCharacterMessage = 'Text must not contain NUL (\\u0000) characters';

/** Where the first NUL character hides in a request part (PostgreSQL text cannot hold one), if anywhere. */
export function nulCharacterPath(value: unknown, path: string[] = [], depth = 0): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value === null || typeof value !== 'object' || depth > 64) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key];
    const found = nulCharacterPath(inner, [...path, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** Parses one part of a request; a mismatch is a 400 problem whose detail is the first message. */
export function parseInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
  part: 'body' | 'query' | 'params' | 'headers',
): z.output<S> {
  const nulAt = nulCharacterPath(value);
  if (nulAt) {
    throw Problem.badRequest('VALIDATION_FAILED', nulCharacterMessage, [
      { path: [part, ...nulAt].join('.'), message: nulCharacterMessage },
    ]);
  }
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors = fieldErrors(result.error, part);
  throw Problem.badRequest('VALIDATION_FAILED', errors[0]?.message ?? 'Invalid request', errors);
}
