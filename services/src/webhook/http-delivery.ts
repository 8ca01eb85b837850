import http from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import { guardedLookup, refuseLiteralTarget, type TargetPolicy } from './target-address';

export interface AttemptOutcome {
  /** the receiver's status, null when none came (refused target, connection error, timeout) */
  statusCode: number | null;
  durationMs: number;
  responseExcerpt: string | null;
  error: string | null;
  retryAfter: string | undefined;
}

/** what the log keeps of an answer */
const excerptBytes = 1000;
/** an answer is read this far (so the connection can be kept), the rest is cut */
const readLimitBytes = 64 * 1024;

export interface WebhookSender {
  post(request: { url: string; headers: Record<string, string>; body: string }): Promise<AttemptOutcome>;
  close(): void;
}

/**
 * One POST per attempt over kept-alive connections: redirects are not followed (a 3xx is a failure),
 * the whole attempt ends after `timeoutMs`, and every address connected to passes the target policy
 * (the lookup that connects is the one that checks).
 */
export function createWebhookSender(options: {
  timeoutMs: number;
  targets: TargetPolicy;
  userAgent?: string;
}): WebhookSender {
  const agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: 64 }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: 64 }),
  };
  const lookup = guardedLookup(options.targets);
  const userAgent = options.userAgent ?? 'Alpenpass-Webhooks/1';

  const post: WebhookSender['post'] = (request) => {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const url = new URL(request.url);
    try {
      refuseLiteralTarget(url, options.targets);
    } catch (error) {
      return Promise.resolve({
        statusCode: null,
        durationMs: elapsed(),
        responseExcerpt: null,
        error: (error as Error).message,
        retryAfter: undefined,
      });
    }
    const client = url.protocol === 'https:' ? https : http;
    return new Promise<AttemptOutcome>((resolve) => {
      let settled = false;
      const settle = (outcome: Omit<AttemptOutcome, 'durationMs'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ ...outcome, durationMs: elapsed() });
      };
      const outgoing = client.request(
        url,
        {
          method: 'POST',
          agent: agents[url.protocol as keyof typeof agents],
          lookup,
          headers: {
            ...request.headers,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(request.body),
            'user-agent': userAgent,
          },
        },
        (answer) => {
          const chunks: Buffer[] = [];
          let received = 0;
          const done = () =>
            settle({
              statusCode: answer.statusCode ?? null,
              responseExcerpt: excerptOf(Buffer.concat(chunks)),
              error: null,
              retryAfter: [answer.headers['retry-after']].flat()[0],
            });
          answer.on('data', (chunk: Buffer) => {
            received += chunk.length;
            if (received <= readLimitBytes) chunks.push(chunk);
            else {
              done();
              answer.destroy();
            }
          });
          answer.on('end', done);
          answer.on('error', done);
        },
      );
      const timer = setTimeout(
        () => outgoing.destroy(new Error(`no answer within ${options.timeoutMs} ms`)),
        options.timeoutMs,
      );
      outgoing.on('error', (error) =>
        settle({
          statusCode: null,
          responseExcerpt: null,
          error: error.message.slice(0, 500),
          retryAfter: undefined,
        }),
      );
      outgoing.end(request.body);
    });
  };

  return {
    post,
    close() {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}

function excerptOf(body: Buffer): string | null {
  if (body.length === 0) return null;
  return body
    .subarray(0, excerptBytes)
    .toString('utf8')
    .replace(/\uFFFD+$/, '');
}
