interface Endpoints {
  token_endpoint: string;
  revocation_endpoint?: string;
}

/** The OIDC provider's token calls for the sign-in service (client_secret_basic): renewing an access
 * token with the refresh token, and revoking the refresh token at sign-out. */
export function oidcTokenCalls(oidc: { issuer: string; clientId: string; clientSecret: string }) {
  let endpoints: Promise<Endpoints> | undefined;
  const discover = async (): Promise<Endpoints> => {
    const response = await fetch(`${oidc.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`, {
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) throw new Error(`OIDC discovery answered ${response.status}`);
    return (await response.json()) as Endpoints;
  };
  const known = () =>
    (endpoints ??= discover().catch((error: unknown) => {
      endpoints = undefined;
      throw error;
    }));
  const post = (endpoint: string, form: Record<string, string>) =>
    fetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${encodeURIComponent(oidc.clientId)}:${encodeURIComponent(oidc.clientSecret)}`).toString('base64')}`,
      },
      body: new URLSearchParams(form),
      signal: AbortSignal.timeout(5000),
    });

  async function revoke(refreshToken: string): Promise<void> {
    const endpoint = (await known()).revocation_endpoint;
    if (!endpoint) return;
    const response = await post(endpoint, { token: refreshToken, token_type_hint: 'refresh_token' });
    if (!response.ok) throw new Error(`revocation answered ${response.status}`);
  }

  async function refresh(
    refreshToken: string,
  ): Promise<{ accessToken: string; expiresAt: number; refreshToken: string }> {
    const response = await post((await known()).token_endpoint, {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
    });
    const body = (await response.json()) as {
      access_token?: string;
      expires_in?: number;
      refresh_token?: string;
      error?: string;
    };
    if (!response.ok || !body.access_token)
      throw new Error(`refresh refused: ${body.error ?? response.status}`);
    return {
      accessToken: body.access_token,
      expiresAt: Math.floor(Date.now() / 1000) + (body.expires_in ?? 300),
      // providers that rotate refresh tokens send a new one; the others keep the old one valid
      refreshToken: body.refresh_token ?? refreshToken,
    };
  }

  return { refresh, revoke };
}
