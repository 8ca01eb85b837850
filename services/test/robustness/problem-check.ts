import type { ProbeResult } from './probe';

const problemKeys = ['code', 'correlationId', 'detail', 'errors', 'status', 'title', 'type'];
/** present only when the error list was cut short (problem.ts, MAX_PROBLEM_ERRORS) */
const optionalProblemKeys = ['errorsOmitted'];

/**
 * What is wrong with one answer, or undefined: never a 5xx, and every 4xx an
 * application/problem+json {type, title, status, detail, code, correlationId, errors:[{path, message}]}.
 */
export function violationOf(result: ProbeResult): string | undefined {
  const { status, contentType, body } = result;
  if (status === 0) return String(body);
  if (status >= 500) return `answered ${status}: ${preview(body)}`;
  if (status < 400) return undefined;
  if (!contentType.startsWith('application/problem+json'))
    return `${status} with content-type "${contentType}": ${preview(body)}`;
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return `${status} whose body is no object: ${preview(body)}`;
  const problem = body as Record<string, unknown>;
  const keys = Object.keys(problem).sort();
  const requiredKeys = keys.filter((key) => !optionalProblemKeys.includes(key));
  if (requiredKeys.join() !== problemKeys.join()) return `${status} problem with keys [${keys.join(', ')}]`;
  if (
    'errorsOmitted' in problem &&
    !(Number.isInteger(problem.errorsOmitted) && Number(problem.errorsOmitted) > 0)
  )
    return `${status} problem with errorsOmitted ${String(problem.errorsOmitted)}`;
  if (problem.status !== status) return `${status} problem saying status ${String(problem.status)}`;
  for (const key of ['type', 'title', 'detail', 'code'] as const) {
    if (typeof problem[key] !== 'string' || problem[key] === '') return `${status} problem with empty ${key}`;
  }
  if (problem.correlationId !== result.correlationId)
    return `${status} problem with correlationId ${String(problem.correlationId)}, sent ${result.correlationId}`;
  const errors = problem.errors;
  if (!Array.isArray(errors)) return `${status} problem whose errors is no array`;
  const badError = errors.find(
    (error) => typeof error?.path !== 'string' || typeof error?.message !== 'string' || error.message === '',
  );
  if (badError !== undefined) return `${status} problem with field error ${preview(badError)}`;
  return undefined;
}

/** Lines naming each failed probe (method, url, caller, what was sent) and what was wrong. */
export function violationsOf(
  results: ProbeResult[],
  extraCheck?: (result: ProbeResult) => string | undefined,
): string[] {
  const lines: string[] = [];
  for (const result of results) {
    const violation = violationOf(result) ?? extraCheck?.(result);
    if (!violation) continue;
    const { probe } = result;
    lines.push(
      `${probe.label} | ${probe.method.toUpperCase()} ${shorten(probe.url)} as ${probe.caller}: ${violation}`,
    );
  }
  return lines;
}

function preview(value: unknown): string {
  return shorten(typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)));
}

function shorten(text: string, max = 200): string {
  return text.length > max ? `${text.slice(0, max)}…(${text.length} chars)` : text;
}
