/** What a decider or handler throws when a command cannot be carried out. It names the kind of
 * refusal, not an HTTP status: the HTTP layer maps kinds to statuses. */
export type RefusalKind = 'invalid' | 'not_found' | 'conflict' | 'forbidden' | 'unavailable' | 'too_many';

export class DomainError extends Error {
  constructor(
    readonly kind: RefusalKind,
    /** stable code the SPA can translate, e.g. SLOT_SOLD_OUT */
    readonly code: string,
    message: string,
    readonly path?: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const invalid = (code: string, message: string, path?: string) =>
  new DomainError('invalid', code, message, path);
export const notFound = (code: string, message: string) => new DomainError('not_found', code, message);
export const conflict = (code: string, message: string) => new DomainError('conflict', code, message);
export const forbidden = (code: string, message: string) => new DomainError('forbidden', code, message);
/** a service the command needs does not answer: the caller may try again shortly */
export const unavailable = (code: string, message: string) => new DomainError('unavailable', code, message);
/** the caller asked too often: it may try again later */
export const tooMany = (code: string, message: string) => new DomainError('too_many', code, message);
