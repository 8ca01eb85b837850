import { specErrorCode, withSpecErrorCode } from './error-codes';

describe('§8 sign-in error codes in the error urls', () => {
  it.each([
    ['Configuration', 'MissingSecret', undefined, 'NO_SECRET'],
    ['Configuration', 'MissingAuthorize', 'credentials', 'CALLBACK_CREDENTIALS_HANDLER_ERROR'],
    ['Configuration', 'CallbackRouteError', 'credentials', 'CALLBACK_CREDENTIALS_HANDLER_ERROR'],
    ['Configuration', 'CallbackRouteError', 'oidc', 'OAuthCallbackError'],
    ['Configuration', 'InvalidCheck', 'oidc', 'OAuthCallbackError'],
    ['Configuration', 'MissingAdapter', 'email', 'EMAIL_REQUIRES_ADAPTER_ERROR'],
    ['Configuration', 'MissingAdapterMethods', 'email', 'MISSING_ADAPTER_METHODS_ERROR'],
    ['Configuration', 'UnsupportedStrategy', 'credentials', 'CALLBACK_CREDENTIALS_JWT_ERROR'],
    ['Configuration', 'UnknownAction', undefined, 'MISSING_NEXTAUTH_API_ROUTE_ERROR'],
    ['Configuration', 'InvalidCallbackUrl', undefined, 'INVALID_CALLBACK_URL_ERROR'],
    ['Configuration', 'JWTSessionError', undefined, 'UnknownError'],
    ['Configuration', undefined, undefined, 'UnknownError'],
    ['OAuthAccountNotLinked', 'OAuthAccountNotLinked', 'oidc', 'AccountNotLinkedError'],
    ['CredentialsSignin', 'CredentialsSignin', 'credentials', 'CredentialsSignin'],
    ['MissingCSRF', 'MissingCSRF', 'credentials', 'MissingCSRF'],
    ['Verification', 'Verification', 'email', 'Verification'],
  ])('%s (logged %s, provider %s) → %s', (urlError, logged, provider, expected) => {
    expect(specErrorCode(urlError, logged, provider)).toBe(expected);
  });

  it('rewrites only the error parameter of a url and keeps the rest', () => {
    expect(
      withSpecErrorCode('http://shop/api/auth/error?error=Configuration', { logged: 'MissingSecret' }),
    ).toBe('http://shop/api/auth/error?error=NO_SECRET');
    expect(
      withSpecErrorCode('http://shop/api/auth/signin?error=CredentialsSignin&code=credentials', {}),
    ).toBe('http://shop/api/auth/signin?error=CredentialsSignin&code=credentials');
    expect(withSpecErrorCode('http://shop/de/profile', {})).toBe('http://shop/de/profile');
  });
});
