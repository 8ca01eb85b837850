/** The provider answered with an error the caller can act on (4xx): bad input, unknown id, wrong state. */
export class ProviderRejectedError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(`payment provider refused (${status} ${code}): ${message}`);
    this.name = 'ProviderRejectedError';
  }
}

/**
 * No usable answer: network failure, timeout or 5xx. The work may or may not have been done; retry
 * with the same Idempotency-Key to learn the outcome without doing it twice.
 */
export class ProviderUnavailableError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(`payment provider unavailable: ${message}`);
    this.name = 'ProviderUnavailableError';
  }
}
