/** A callbackUrl stays in the shop: a path of this origin, this origin, or one of ALLOWED_REDIRECT_ORIGINS. */
export function isAllowedCallback(callbackUrl: string, ownOrigin: string, allowedOrigins: string[]): boolean {
  if (callbackUrl.startsWith('/')) return !callbackUrl.startsWith('//') && !callbackUrl.startsWith('/\\');
  try {
    const { origin, protocol } = new URL(callbackUrl);
    return (
      (protocol === 'http:' || protocol === 'https:') &&
      (origin === ownOrigin || allowedOrigins.includes(origin))
    );
  } catch {
    return false;
  }
}
