import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

export interface FieldProblem {
  code: string | null;
  /** the first message per body field (`errors[].path` "body.<field>") */
  fields: Record<string, string>;
}

/** The problem+json answer of a failed form call, keyed by the body field each issue is about. */
export function fieldProblemOf(error: FetchBaseQueryError | SerializedError | undefined): FieldProblem {
  if (!error || !('status' in error)) return { code: null, fields: {} };
  const body = (error.data ?? {}) as { code?: unknown; errors?: unknown };
  const fields: Record<string, string> = {};
  for (const issue of Array.isArray(body.errors)
    ? (body.errors as { path?: unknown; message?: unknown }[])
    : []) {
    const field = typeof issue.path === 'string' ? /^body\.([^.]+)/.exec(issue.path)?.[1] : undefined;
    if (field && typeof issue.message === 'string' && !(field in fields)) fields[field] = issue.message;
  }
  return { code: typeof body.code === 'string' ? body.code : null, fields };
}
