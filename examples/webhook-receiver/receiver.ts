import { createServer, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { seenMessages } from './seen-messages';
import { verifyDelivery } from './verify';

/**
 * An integrator's receiver of Alpenpass webhooks (docs/webhooks.md, "Receiving"): `npm run webhook-receiver`.
 *   WEBHOOK_SECRETS  the subscription's whsec_ secret(s), comma-separated during a rotation (required)
 *   PORT             default 4100; POST / takes deliveries, GET /received lists what was taken
 *   RECEIVED_FILE    where taken messages are kept (default .data/webhook-receiver/received.jsonl)
 */
const secrets = (process.env.WEBHOOK_SECRETS ?? '')
  .split(',')
  .map((secret) => secret.trim())
  .filter(Boolean);
if (secrets.length === 0) {
  process.stderr.write('WEBHOOK_SECRETS: set the subscription secret (whsec_…) shown when it was created\n');
  process.exit(1);
}
const port = Number(process.env.PORT ?? 4100);
const seen = seenMessages(
  process.env.RECEIVED_FILE ?? join(__dirname, '..', '..', '.data', 'webhook-receiver', 'received.jsonl'),
);

const bodyOf = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

const server = createServer((request, response) => {
  const answer = (status: number, body: object) =>
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  receive(request, answer).catch((error: unknown) => {
    process.stderr.write(`failed: ${String(error)}\n`);
    if (!response.headersSent) answer(500, { error: 'could not keep the message' });
  });
});

async function receive(
  request: IncomingMessage,
  answer: (status: number, body: object) => void,
): Promise<void> {
  if (request.method === 'GET' && request.url === '/received') return answer(200, seen.all());
  if (request.method !== 'POST' || request.url !== '/') return answer(404, { error: 'not found' });
  const body = await bodyOf(request);
  const verdict = verifyDelivery(body, request.headers, secrets);
  if (!verdict.ok) {
    process.stdout.write(`refused: ${verdict.reason}\n`);
    return answer(verdict.status, { error: verdict.reason });
  }
  const webhookId = String(request.headers['webhook-id']);
  if (!seen.take(webhookId, verdict.payload)) return answer(200, { duplicate: true });
  const { type } = verdict.payload as { type: string };
  process.stdout.write(`took ${webhookId} ${type}\n`);
  // the place to hand the event to your system; answer 2xx only once it is safely kept
  return answer(200, { taken: true });
}

server.listen(port, () => process.stdout.write(`webhook receiver listening on http://127.0.0.1:${port}/\n`));
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
