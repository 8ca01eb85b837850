import { exportJWK, type JWK } from 'jose';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import type { Knex } from 'knex';
import type { AppConfig, SignInSettings } from '../platform/config';
import { embeddedClientId } from '../platform/config';
import type { SigningKey } from '../platform/auth/signing-key';
import { signingAlgorithm } from '../platform/auth/signing-key';
import type { Logger } from '../platform/logger';
import { knexAdapterFactory } from './oidc-adapter';
import { pages } from './pages';
import { renderPage } from './page-layout';
import type { ShopLookSource } from '../platform/look/shop-look';
import { identityLanguage, identityTexts } from './texts';
import type { IdentityUsers } from './users';

/** what the first-party client asks for: the API (resource scope `api`) and a refresh token */
export const firstPartyScopes = 'openid email profile offline_access api';

type OidcModule = typeof import('oidc-provider');
export type OidcProvider = InstanceType<OidcModule['default']>;

/** oidc-provider is an ES module: loaded once, at start-up, by the api role only. */
const loadOidcModule = (): Promise<OidcModule> => import('oidc-provider');

export async function createOidcProvider(options: {
  config: AppConfig;
  embedded: NonNullable<SignInSettings['embedded']>;
  key: SigningKey;
  knex: Knex;
  users: IdentityUsers;
  look: ShopLookSource;
  log: Logger;
}): Promise<OidcProvider> {
  const { default: Provider, errors } = await loadOidcModule();
  const { embedded, config, users } = options;
  const audience = config.auth.audience;
  const origin = new URL(embedded.issuer).origin;
  const privateJwk: JWK = {
    ...(await exportJWK(options.key.privateKey)),
    kid: options.key.kid,
    alg: signingAlgorithm,
    use: 'sig',
  };

  const configuration: Configuration = {
    adapter: knexAdapterFactory(options.knex),
    jwks: { keys: [privateJwk as never] },
    clients: [
      {
        client_id: embeddedClientId,
        client_secret: embedded.clientSecret,
        redirect_uris: [`${origin}/api/auth/callback/oidc`],
        post_logout_redirect_uris: [`${origin}/`],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: signingAlgorithm,
      },
    ],
    cookies: { keys: [embedded.cookieSecret] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'birthdate', 'locale'],
    },
    conformIdTokenClaims: false,
    scopes: ['openid', 'email', 'profile', 'offline_access', 'api'],
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resourceIndicator) => {
          if (resourceIndicator !== audience) throw new errors.InvalidTarget();
          return {
            scope: 'api',
            audience,
            accessTokenTTL: embedded.accessTokenTtlSeconds,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: signingAlgorithm } },
          };
        },
      },
    },
    ttl: {
      AccessToken: embedded.accessTokenTtlSeconds,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      Session: 14 * 24 * 3600,
      Grant: 14 * 24 * 3600,
      RefreshToken: 14 * 24 * 3600,
    },
    interactions: { url: (_ctx, interaction) => `/oidc/interaction/${interaction.uid}` },
    async findAccount(_ctx, id) {
      const user = await users.findById(id);
      // a blocked or unconfirmed user gets no tokens, not even by refreshing old ones
      if (!user || user.blocked || !user.emailVerified) return undefined;
      return {
        accountId: user.id,
        claims: async () => ({
          sub: user.id,
          email: user.email,
          email_verified: user.emailVerified,
          given_name: user.givenName,
          family_name: user.familyName,
          birthdate: user.birthdate ?? undefined,
          locale: user.locale,
        }),
      };
    },
    // the API reads the roles and the shop account from the access token (platform/auth/verifier.ts)
    async extraTokenClaims(_ctx, token) {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const user = await users.findById(token.accountId);
      return user ? { roles: user.roles, accountId: user.accountId } : undefined;
    },
    // the shop is the provider's own client: no consent screen, its grant is made at sign-in
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const grantId =
        ctx.oidc.result?.consent?.grantId || ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      if (ctx.oidc.client!.clientId !== embeddedClientId) return undefined;
      const grant = new ctx.oidc.provider.Grant({
        clientId: embeddedClientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid email profile offline_access');
      grant.addOIDCClaims([
        'sub',
        'email',
        'email_verified',
        'given_name',
        'family_name',
        'birthdate',
        'locale',
      ]);
      grant.addResourceScope(audience, 'api');
      await grant.save();
      ctx.oidc.session!.grantIdFor(embeddedClientId, grant.jti);
      return grant;
    },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    async renderError(ctx, _out, error) {
      options.log.warn({ err: error }, 'identity provider error page');
      ctx.type = 'html';
      const language = identityLanguage({
        uiLocales: ctx.oidc?.params?.ui_locales,
        acceptLanguage: ctx.get('accept-language'),
      });
      const page = renderPage(
        pages.error(language, identityTexts[language].signInFailed),
        await options.look(),
      );
      ctx.set('content-security-policy', page.contentSecurityPolicy);
      ctx.body = page.html;
    },
  };
  const provider = new Provider(embedded.issuer, configuration);
  // the forwarded headers it reads are those app.ts rewrote from Express's judgement under TRUST_PROXY
  // (forwardedAsTrusted): behind a TLS-terminating proxy its cookies are secure, from anyone else nothing is believed
  provider.proxy = true;
  return provider;
}
