import type { Server } from 'node:http';
import { slotStreamName } from '@alpenpass/contracts';
import { listenOnLoopback, rawRequest, type RawAnswer } from '../../test/support/raw-http';
import { shopHeaders } from '../../test/support/shop-headers';
import { createBasketTestKit, type BasketTestKit } from '../../test/support/basket-kit';

/** Guests are told apart by their client address (platform/http/client-address.ts): each client has its
 * own basket creations per minute and its own fair share of a slot, whichever of its baskets holds.
 * Every loopback address is a client of its own; behind the trusted proxy (127.0.0.1) the address the
 * proxy forwarded is the client. The kits' limit: 4 guest baskets per client. */
let direct: { kit: BasketTestKit; server: Server };
let proxied: { kit: BasketTestKit; server: Server };

async function started(trustProxy: false | string[]) {
  const kit = await createBasketTestKit({ guestCreationsPerMinute: 4, trustProxy });
  await kit.scheduleSlot(41, 32); // share: min(10, 25 % of 32) = 8
  await kit.scheduleSlot(42, 32);
  await kit.project();
  return { kit, server: await listenOnLoopback(kit.app) };
}

beforeAll(async () => {
  [direct, proxied] = await Promise.all([started(false), started(['127.0.0.1/32'])]);
}, 60_000);
afterAll(async () => {
  for (const shop of [direct, proxied]) {
    await new Promise((resolve) => shop?.server.close(resolve));
    await shop?.kit.close();
  }
});

interface From {
  /** the client's end of the connection (default 127.0.0.1, the proxy) */
  local?: string;
  forwardedFor?: string;
  authorization?: string;
}

const gondola = (slotId: number, quantity: number) => ({
  productDefinitionId: 1031,
  slotId,
  allocation: { quantity },
});

function createBasket(server: Server, from: From, entries: object[] = []): Promise<RawAnswer> {
  const headers = {
    ...shopHeaders,
    ...(from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {}),
    ...(from.authorization ? { authorization: from.authorization } : {}),
  };
  return rawRequest(server, {
    method: 'POST',
    path: '/api/baskets',
    headers,
    json: { entries },
    localAddress: from.local,
  });
}

const codeOf = (answer: RawAnswer) => (JSON.parse(answer.decoded.toString()) as { code?: string }).code;
const statuses = (answers: RawAnswer[]) => answers.map((answer) => answer.status);
const heldOn = async (kit: BasketTestKit, slotId: number) =>
  (await kit.store.readStream(slotStreamName(slotId))).filter((event) => event.type === 'CapacityHeld');

describe('TRUST_PROXY off: the socket address is the client', () => {
  it('counts guest baskets per socket address; a forwarded address the client writes itself changes nothing', async () => {
    const spoofed: RawAnswer[] = [];
    for (let attempt = 1; attempt <= 5; attempt += 1)
      spoofed.push(
        await createBasket(direct.server, { local: '127.0.0.11', forwardedFor: `198.51.100.${attempt}` }),
      );
    expect(statuses(spoofed)).toEqual([201, 201, 201, 201, 429]);
    expect(codeOf(spoofed[4]!)).toBe('TOO_MANY_BASKETS');
    expect((await createBasket(direct.server, { local: '127.0.0.12' })).status).toBe(201);
  });

  it('holds one client’s share of a slot across its guest baskets, whatever address it forwards', async () => {
    expect((await createBasket(direct.server, { local: '127.0.0.21' }, [gondola(41, 8)])).status).toBe(201);
    const second = await createBasket(direct.server, { local: '127.0.0.21', forwardedFor: '198.51.100.9' }, [
      gondola(41, 1),
    ]);
    expect([second.status, codeOf(second)]).toEqual([409, 'SLOT_HOLD_LIMIT']);
    expect((await createBasket(direct.server, { local: '127.0.0.22' }, [gondola(41, 8)])).status).toBe(201);
    expect(await heldOn(direct.kit, 41)).toHaveLength(2);
  });
});

describe('TRUST_PROXY=127.0.0.1/32: the address the proxy forwarded is the client', () => {
  it('gives every forwarded client its own guest baskets', async () => {
    const first: RawAnswer[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1)
      first.push(await createBasket(proxied.server, { forwardedFor: '203.0.113.1' }));
    expect(statuses(first)).toEqual([201, 201, 201, 201, 429]);
    expect((await createBasket(proxied.server, { forwardedFor: '203.0.113.2' })).status).toBe(201);
  });

  it('lets no client pick its address: not with a longer forwarded chain, not by connecting past the proxy', async () => {
    for (let attempt = 0; attempt < 4; attempt += 1)
      expect((await createBasket(proxied.server, { forwardedFor: '203.0.113.3' })).status).toBe(201);
    // the proxy appends the address it saw; what the client wrote before it is not believed
    expect((await createBasket(proxied.server, { forwardedFor: '198.51.100.20, 203.0.113.3' })).status).toBe(
      429,
    );
    const past: RawAnswer[] = [];
    for (let attempt = 1; attempt <= 5; attempt += 1)
      past.push(
        await createBasket(proxied.server, {
          local: '127.0.0.9',
          forwardedFor: `198.51.100.${30 + attempt}`,
        }),
      );
    expect(statuses(past)).toEqual([201, 201, 201, 201, 429]);
  });

  it('lets 4 guest baskets of one client, added at once, hold no more than its share of a slot; another client gets its own', async () => {
    const client = { forwardedFor: '203.0.113.21' };
    const rush = await Promise.all(
      Array.from({ length: 4 }, () => createBasket(proxied.server, client, [gondola(42, 8)])),
    );
    expect(statuses(rush).sort()).toEqual([201, 409, 409, 409]);
    for (const refused of rush.filter((answer) => answer.status === 409))
      expect(codeOf(refused)).toBe('SLOT_HOLD_LIMIT');
    // a guest identity is a guest too: anyone may open one afresh
    const guestIdentity = await proxied.kit.identity.bearer({
      subject: 'guest:g-21',
      roles: ['customer'],
      accountId: 'g-21',
    });
    expect(
      (await createBasket(proxied.server, { ...client, authorization: guestIdentity }, [gondola(42, 1)]))
        .status,
    ).toBe(409);
    expect(
      (await createBasket(proxied.server, { forwardedFor: '203.0.113.22' }, [gondola(42, 8)])).status,
    ).toBe(201);
    // a signed-in customer behind the same address (a family's or a hotel's connection) has the account's own share
    const customer = await proxied.kit.identity.bearer({
      subject: 'c-21',
      roles: ['customer'],
      accountId: 'c-21',
    });
    expect(
      (await createBasket(proxied.server, { ...client, authorization: customer }, [gondola(42, 8)])).status,
    ).toBe(201);

    const held = await heldOn(proxied.kit, 42);
    expect(held.map((event) => (event.data as { quantity: number }).quantity)).toEqual([8, 8, 8]);
    // the slot's events keep a keyed hash, never the address
    const holders = held.map((event) => (event.data as { holderId: string }).holderId);
    expect(holders).toEqual([
      expect.stringMatching(/^client:[\w-]{22}$/),
      expect.stringMatching(/^client:[\w-]{22}$/),
      'account:c-21',
    ]);
    expect(JSON.stringify(held)).not.toContain('203.0.113');
  });
});
