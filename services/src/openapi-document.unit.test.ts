import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { shopRouters } from './openapi-document';
import { buildOpenApiDocument } from './platform/http/openapi';
import { loadConfig } from './platform/config';
import { createLogger } from './platform/logger';

type Operation = { operationId?: string; summary?: string; responses: Record<string, unknown> };
type Document = {
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, { post: Operation }>;
};

const scratch = mkdtempSync(join(tmpdir(), 'openapi-document-'));
// the ticket context loads (or makes) its signing key when built
const config = loadConfig({
  ...process.env,
  TICKET_SIGNING_KEY_FILE: join(scratch, 'ticket-signing-key.pem'),
});
const log = createLogger('warn');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("the shop's OpenAPI document", () => {
  it('names every operation and webhook by a unique camelCase operationId, and answers each with a 4xx', async () => {
    const { routers, close } = shopRouters(config, log);
    await close();
    const document = buildOpenApiDocument(routers) as Document;

    const operations = [
      ...Object.values(document.paths).flatMap((methods) => Object.values(methods)),
      ...Object.values(document.webhooks).map(({ post }) => post),
    ];
    const operationIds = operations.map(({ operationId }) => operationId);
    expect(operationIds.every((id) => /^[a-z][A-Za-z0-9]*$/.test(id ?? ''))).toBe(true);
    expect(new Set(operationIds).size).toBe(operations.length);
    expect(operations.length).toBe(
      routers.reduce((count, router) => count + router.routes.length + router.outgoing.length, 0),
    );
    const routes = Object.values(document.paths).flatMap((methods) => Object.values(methods));
    expect(routes.filter(({ summary }) => !summary)).toEqual([]);
    expect(
      routes.filter(({ responses }) => !Object.keys(responses).some((status) => /^4/.test(status))),
    ).toEqual([]);
  });
});
