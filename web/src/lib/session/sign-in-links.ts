/** The identity provider's registration page (docs/auth.md), in the shop page's language. */
export const registerUrl = (locale: string) => `/oidc/register?lang=${encodeURIComponent(locale)}`;

/** The shop's sign-in page, coming back to `returnTo` (an address of the shop) once signed in. */
export const signInPageUrl = (locale: string, returnTo: string) =>
  `/${locale}/auth-selector?callbackUrl=${encodeURIComponent(returnTo)}`;
