import { contentDocument, contentWebhookResponse } from '@alpenpass/contracts';
import { ApiRouter } from '../platform/http/api-router';
import type { DeploymentEnvironment } from '../platform/development-secrets';
import type { EventStore } from '../platform/event-store/event-store';
import { requireContentSignature } from './content-signature';
import { publishDocument } from './publish-document';

/**
 * §6 content-system webhook: POST /api/content/webhook with one document as JSON, signed in the
 * x-content-signature header. No shop headers: the signature is the authentication.
 */
export function contentWebhookRouter(deps: {
  store: EventStore;
  secret: string;
  environment: DeploymentEnvironment;
}): ApiRouter {
  const router = new ApiRouter('Content webhook', '/content');
  router.express.use(requireContentSignature(deps.secret, deps.environment));
  return router.route(
    {
      method: 'post',
      operationId: 'publishContentDocument',
      path: '/webhook',
      summary: 'Publish one content document (HMAC-SHA256 signed); idempotent by id and revision',
      access: 'public',
      body: contentDocument,
      response: contentWebhookResponse,
    },
    async ({ body, ctx }) => {
      const outcome = await publishDocument(deps.store, body, {
        correlationId: ctx.correlationId,
        causationId: ctx.correlationId,
        actor: 'content-system',
      });
      ctx.log.info({ documentId: body.id, revision: body.revision, outcome }, 'content document received');
      return { documentId: body.id, revision: body.revision, outcome };
    },
  );
}
