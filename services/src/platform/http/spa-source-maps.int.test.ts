import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createLogger } from '../logger';
import { createTestIdentity, type TestIdentity } from '../../../test/support/test-identity';
import { testChannelId } from '../../../test/support/shop-headers';
import { createHttpApp } from './app';

let dist: string;
let identity: TestIdentity;

beforeAll(async () => {
  identity = await createTestIdentity();
  dist = mkdtempSync(join(tmpdir(), 'alpenpass-spa-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Alpenpass</title>');
  writeFileSync(join(dist, 'app.js'), 'console.log(1);\n//# sourceMappingURL=app.js.map');
  writeFileSync(join(dist, 'app.js.map'), '{"version":3,"sources":["secret-source.ts"]}');
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const shop = (webSourceMaps?: boolean) =>
  createHttpApp({
    log: createLogger('silent'),
    shop: { clientId: '1', channelId: testChannelId },
    verifyToken: identity.verifyToken,
    publicKeys: [],
    routers: [],
    readiness: [],
    webDist: dist,
    webSourceMaps,
  });

describe('the built SPA', () => {
  it('serves no source maps unless told to (production)', async () => {
    const app = shop();
    expect((await request(app).get('/app.js')).status).toBe(200);
    const map = await request(app).get('/app.js.map');
    expect(map.status).toBe(404);
    expect(map.text).not.toContain('secret-source');
    expect((await request(app).get('/APP.JS.MAP')).text).not.toContain('secret-source');
    expect((await request(app).get('/de/basket')).text).toContain('<title>Alpenpass</title>');
  });

  it('serves them in development', async () => {
    const map = await request(shop(true)).get('/app.js.map');
    expect(map.status).toBe(200);
    expect(map.text).toContain('secret-source');
  });
});
