/** RFC 9457 problem details, the only error shape the API answers with (docs/http.md). */
export interface ProblemFieldError {
  path: string;
  message: string;
}

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  correlationId: string;
  errors: ProblemFieldError[];
  /** present only when `errors` was cut to its first MAX_PROBLEM_ERRORS: how many were left out */
  errorsOmitted?: number;
}

/** However bad the input, the answer stays small: a 750 kB body of 250,000 empty entries once
 * produced a 28 MB problem document. */
export const MAX_PROBLEM_ERRORS = 50;

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** Thrown anywhere below a route; the error handler turns it into the response. */
export class Problem extends Error {
  constructor(
    readonly status: number,
    /** stable machine-readable code, e.g. VALIDATION_FAILED, SLOT_SOLD_OUT */
    readonly code: string,
    readonly detail: string,
    readonly errors: ProblemFieldError[] = [],
  ) {
    super(detail);
    this.name = 'Problem';
  }

  static badRequest(code: string, detail: string, errors: ProblemFieldError[] = []): Problem {
    return new Problem(400, code, detail, errors);
  }

  static notFound(detail: string, code = 'NOT_FOUND'): Problem {
    return new Problem(404, code, detail);
  }

  static conflict(code: string, detail: string): Problem {
    return new Problem(409, code, detail);
  }

  static forbidden(detail = 'You may not do this.', code = 'FORBIDDEN'): Problem {
    return new Problem(403, code, detail);
  }

  static unsupportedMediaType(detail = 'Send the request body as application/json.'): Problem {
    return new Problem(415, 'UNSUPPORTED_MEDIA_TYPE', detail);
  }

  static unauthorized(detail = 'Authentication is required.', code = 'UNAUTHENTICATED'): Problem {
    return new Problem(401, code, detail);
  }
}

export function problemBody(problem: Problem, correlationId: string): ProblemBody {
  const omitted = problem.errors.length - MAX_PROBLEM_ERRORS;
  return {
    type: `https://alpenpass.dev/problems/${problem.code.toLowerCase().replace(/_/g, '-')}`,
    title: titles[problem.status] ?? 'Error',
    status: problem.status,
    detail: problem.detail,
    code: problem.code,
    correlationId,
    errors: problem.errors.slice(0, MAX_PROBLEM_ERRORS),
    ...(omitted > 0 ? { errorsOmitted: omitted } : {}),
  };
}
