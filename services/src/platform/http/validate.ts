import type { z } from 'zod';
import { Problem, type ProblemFieldError } from './problem';

export function fieldErrors(error: z.ZodError, prefix: string): ProblemFieldError[] {
  return error.issues.map((issue) => ({
    path: [prefix, ...issue.path.map(String)].filter(Boolean).join('.'),
    message: issue.message,
  }));
}

/** Parses one part of a request; a mismatch is a 400 problem whose detail is the first message. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, part: 'body' | 'query' | 'params' | 'headers'): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors = fieldErrors(result.error, part);
  throw Problem.badRequest('VALIDATION_FAILED', errors[0]?.message ?? 'Invalid request', errors);
}
