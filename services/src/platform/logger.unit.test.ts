import { Writable } from 'node:stream';
import pino from 'pino';
import { loadConfig } from './config';
import { redactedPaths } from './logger';

function capture(): { lines: Record<string, unknown>[]; stream: Writable } {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}

describe('logs', () => {
  it('are readable in development and JSON in production, unless LOG_FORMAT says otherwise', () => {
    expect(loadConfig({}).logFormat).toBe('pretty');
    expect(
      loadConfig({
        NODE_ENV: 'production',
        CONTENT_WEBHOOK_SECRET: 'a-production-secret-1234',
        ORDER_ACCESS_SECRET: 'another-production-secret-5678',
      }).logFormat,
    ).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
  });

  it('never carry tokens, Temporal task tokens, passwords or authorization headers', () => {
    const { lines, stream } = capture();
    const log = pino({ redact: { paths: redactedPaths, censor: '[redacted]' } }, stream);
    log.info(
      {
        taskToken: 'CiQ2ZjFk',
        token: 't',
        activity: { taskToken: 'x' },
        req: { headers: { authorization: 'Bearer abc' } },
        user: { password: 'p' },
      },
      'line',
    );
    expect(lines[0]).toMatchObject({
      taskToken: '[redacted]',
      token: '[redacted]',
      activity: { taskToken: '[redacted]' },
      req: { headers: { authorization: '[redacted]' } },
      user: { password: '[redacted]' },
    });
  });
});
