import type { TypedMessageDescriptor as MessageDescriptor } from 'react-intl';
import { accountDeletedMessages, authMessages } from './messages';

/**
 * §8: what a sign-in error code means to the customer. The codes come from the `error` (and Auth.js's
 * `code`) parameter of the page's address or of the url a sign-in call answers (docs/auth.md lists
 * Auth.js 5's names; §8's next-auth 4 names mean the same).
 */
const byCode: Record<string, MessageDescriptor> = {
  AUTH_ERROR: authMessages.selectorAuthError,
  SessionRequired: authMessages.selectorSessionRequired,
  CredentialsSignin: authMessages.errorCredentials,
  CALLBACK_CREDENTIALS_HANDLER_ERROR: authMessages.errorCredentials,
  MissingCSRF: authMessages.errorCsrf,
  OAuthCallbackError: authMessages.errorCallback,
  OAuthSignin: authMessages.errorCallback,
  Callback: authMessages.errorCallback,
  OAuthAccountNotLinked: authMessages.errorNotLinked,
  AccountNotLinkedError: authMessages.errorNotLinked,
  INVALID_CALLBACK_URL_ERROR: authMessages.errorInvalidCallback,
  Verification: authMessages.errorVerification,
  RefreshAccessTokenError: authMessages.errorRefresh,
  Configuration: authMessages.errorUnavailable,
  NO_SECRET: authMessages.errorUnavailable,
  MISSING_NEXTAUTH_API_ROUTE_ERROR: authMessages.errorUnavailable,
  EMAIL_REQUIRES_ADAPTER_ERROR: authMessages.errorUnavailable,
  MISSING_ADAPTER_METHODS_ERROR: authMessages.errorUnavailable,
  CALLBACK_CREDENTIALS_JWT_ERROR: authMessages.errorUnavailable,
  EmailSignin: authMessages.errorUnavailable,
  UnknownError: authMessages.errorUnknown,
  ACCOUNT_DELETED: accountDeletedMessages.accountDeleted,
};

/** Auth.js adds `code` to CredentialsSignin: which of the credentials checks refused. */
const byCredentialsCode: Record<string, MessageDescriptor> = {
  credentials: authMessages.errorCredentials,
  too_many_attempts: authMessages.errorTooManyAttempts,
  email_not_verified: authMessages.errorEmailNotVerified,
};

export function signInErrorMessage(error: string, code: string | null): MessageDescriptor {
  if (error === 'CredentialsSignin' && code && byCredentialsCode[code]) return byCredentialsCode[code];
  return byCode[error] ?? authMessages.errorUnknown;
}

/** The error and code parameters of a url the sign-in service answered. */
export function signInErrorOf(url: string): { error: string; code: string | null } | null {
  const params = new URL(url, window.location.origin).searchParams;
  const error = params.get('error');
  return error ? { error, code: params.get('code') } : null;
}
