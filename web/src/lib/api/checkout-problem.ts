import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/** One `errors[]` item of a problem+json answer. */
export interface ProblemIssue {
  path: string;
  message: string;
}

export interface CheckoutProblem {
  status: number | null;
  code: string | null;
  issues: ProblemIssue[];
}

const isIssue = (value: unknown): value is ProblemIssue =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ProblemIssue).path === 'string' &&
  typeof (value as ProblemIssue).message === 'string';

/** The status, code and issues of a failed call (RFC 9457 problem details). */
export function checkoutProblemOf(error: FetchBaseQueryError | SerializedError): CheckoutProblem {
  if (!('status' in error)) return { status: null, code: null, issues: [] };
  const body = (error.data ?? {}) as { code?: unknown; errors?: unknown };
  return {
    status: typeof error.status === 'number' ? error.status : null,
    code: typeof body.code === 'string' ? body.code : null,
    issues: Array.isArray(body.errors) ? body.errors.filter(isIssue) : [],
  };
}

/** `BASKET_NOT_VALID` issues carry `<CODE>: <text>`; the code tells what to explain. */
export const issueCodeOf = (issue: ProblemIssue): string => /^([A-Z_]+):/.exec(issue.message)?.[1] ?? '';

/** `body.formValues.<name>` → the field it is about. */
export function fieldErrorsOf(issues: readonly ProblemIssue[]): Record<string, string> {
  const byField: Record<string, string> = {};
  for (const issue of issues) {
    const name = /^body\.formValues\.([^.]+)/.exec(issue.path)?.[1];
    if (name && !(name in byField)) byField[name] = issue.message;
  }
  return byField;
}
