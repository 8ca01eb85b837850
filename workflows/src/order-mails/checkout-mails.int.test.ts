import { execFileSync } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { Worker } from '@temporalio/worker';
import { patientMs, waitUntil } from '@alpenpass/infra/test/support';
import {
  startCheckoutWorkflow,
  signalOrderPaid,
  signalOrderReserved,
  getCheckoutState,
} from '../checkout/client';
import { checkoutWorkflowId } from '../checkout/workflow';
import { workflowBundle, type RunningWorker } from '../worker';
import { runTestWorker } from '../../test/support/worker';
import type { OrderMailRequest } from './activities';

/** The checkout workflow's mail steps on the Temporal dev server, over in-memory order facts: which
 * mails it asks for and when, that a refused mail never holds the order up, and that its history
 * replays. (services/src/order-mail has the same flow with the real order context and SMTP.) */
jest.setTimeout(patientMs(60_000));
const address = process.env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233';
const taskQueue = `checkout-mails-test-${randomUUID()}`;
let connection: Connection;
let client: Client;
let worker: RunningWorker;
const statuses = new Map<number, 'CREATED' | 'RESERVED' | 'PAID'>();
const mailRequests: OrderMailRequest[] = [];
const fulfilled: number[] = [];
/** orders whose mails the relay refuses for good (an SMTP 550) */
const refusedMailbox = new Set<number>();

beforeAll(
  async () => {
    execFileSync('bash', [join(__dirname, '..', '..', '..', 'infra', 'scripts', 'ensure-temporal.sh')], {
      stdio: 'inherit',
      timeout: 14 * 60 * 1000,
    });
    connection = await Connection.connect({ address });
    client = new Client({ connection });
    worker = await runTestWorker({
      address,
      taskQueue,
      activities: {
        cancelUnpaidOrder: async ({ orderId }) => statuses.get(orderId) ?? 'UNKNOWN',
        readOrderStatus: async (orderId) => statuses.get(orderId) ?? 'UNKNOWN',
        reconcileCardPayment: async (orderId) => statuses.get(orderId) ?? 'UNKNOWN',
        bookOrderPlaces: async () => undefined,
        fulfilOrder: async (orderId) => void fulfilled.push(orderId),
        sendOrderMail: async (request) => {
          mailRequests.push(request);
          if (refusedMailbox.has(request.orderId))
            throw Object.assign(new Error('550 5.1.1 mailbox unknown'), { responseCode: 550 });
          return 'sent';
        },
      },
    });
  },
  15 * 60 * 1000,
);
afterAll(async () => {
  await worker?.shutdown();
  await connection?.close();
});

async function reserveThenPay(
  orderId: number,
  mails?: { sendReservationMail?: boolean; sendConfirmationMail?: boolean },
) {
  statuses.set(orderId, 'CREATED');
  await startCheckoutWorkflow(
    client,
    { orderId, basketId: randomUUID(), paymentTimeoutMs: 60_000, mails },
    { taskQueue },
  );
  statuses.set(orderId, 'RESERVED');
  await signalOrderReserved(client, orderId);
  // staff confirm once the workflow is in its reserved wait and asked for the reservation mail (confirmed
  // any sooner, the order gets only its confirmation: docs/mails.md)
  const reservationAsked = () =>
    mailRequests.some((request) => request.orderId === orderId && request.kind === 'reservation');
  await waitUntil(
    'the workflow reserved, with the reservation mail asked for',
    async () => (await getCheckoutState(client, orderId)) === 'reserved' && reservationAsked(),
    20_000,
    { intervalMs: 100 },
  );
  statuses.set(orderId, 'PAID');
  await signalOrderPaid(client, orderId);
  return client.workflow.getHandle(checkoutWorkflowId(orderId));
}

const requestsOf = (orderId: number) =>
  mailRequests
    .filter((request) => request.orderId === orderId)
    .map(({ kind, eventKey, options }) => ({ kind, eventKey, options }));

describe('the checkout workflow mails (patched order-mails)', () => {
  it('asks for the reservation mail when reserved and the confirmation after fulfilment, passing the options on', async () => {
    const orderId = randomInt(1_000_000, 2_000_000_000);
    const handle = await reserveThenPay(orderId, { sendReservationMail: false });
    expect(await handle.result()).toBe('fulfilled');
    expect(fulfilled).toContain(orderId);
    expect(requestsOf(orderId)).toEqual([
      { kind: 'reservation', eventKey: 'reserved', options: { sendReservationMail: false } },
      { kind: 'confirmation', eventKey: 'paid', options: { sendReservationMail: false } },
    ]);

    const history = await handle.fetchHistory();
    await expect(
      Worker.runReplayHistory({ workflowBundle: await workflowBundle() }, history, handle.workflowId),
    ).resolves.toBeUndefined();
  });

  it('a mail the relay refuses for good is tried once and the order is still fulfilled', async () => {
    const orderId = randomInt(1_000_000, 2_000_000_000);
    refusedMailbox.add(orderId);
    const handle = await reserveThenPay(orderId);
    expect(await handle.result()).toBe('fulfilled');
    expect(fulfilled).toContain(orderId);
    expect(requestsOf(orderId).map((request) => request.kind)).toEqual(['reservation', 'confirmation']);
  });
});
