/** Renews an access token at the OIDC provider's token endpoint (refresh_token grant, client_secret_basic). */
export function oidcRefresher(oidc: { issuer: string; clientId: string; clientSecret: string }) {
  let tokenEndpoint: Promise<string> | undefined;
  const discover = async (): Promise<string> => {
    const response = await fetch(`${oidc.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(5000) });
    if (!response.ok) throw new Error(`OIDC discovery answered ${response.status}`);
    return ((await response.json()) as { token_endpoint: string }).token_endpoint;
  };
  return async (refreshToken: string): Promise<{ accessToken: string; expiresAt: number; refreshToken: string }> => {
    const endpoint = await (tokenEndpoint ??= discover().catch((error: unknown) => {
      tokenEndpoint = undefined;
      throw error;
    }));
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${encodeURIComponent(oidc.clientId)}:${encodeURIComponent(oidc.clientSecret)}`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }),
      signal: AbortSignal.timeout(5000),
    });
    const body = (await response.json()) as { access_token?: string; expires_in?: number; refresh_token?: string; error?: string };
    if (!response.ok || !body.access_token) throw new Error(`refresh refused: ${body.error ?? response.status}`);
    return {
      accessToken: body.access_token,
      expiresAt: Math.floor(Date.now() / 1000) + (body.expires_in ?? 300),
      // providers that rotate refresh tokens send a new one; the others keep the old one valid
      refreshToken: body.refresh_token ?? refreshToken,
    };
  };
}
