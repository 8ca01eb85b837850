import { waitForProcess, waitForValue, waitUntil } from './patience';

const patienceBefore = process.env.TEST_PATIENCE;
beforeAll(() => {
  // a factor of 1: the deadlines below are the base ones, whatever the machine's load
  process.env.TEST_PATIENCE = '1';
});
afterAll(() => {
  if (patienceBefore === undefined) delete process.env.TEST_PATIENCE;
  else process.env.TEST_PATIENCE = patienceBefore;
});

describe('waitForValue', () => {
  it('reads until the value is accepted and answers that value', async () => {
    let reads = 0;
    const value = await waitForValue(
      'the third read',
      async () => ({ reads: ++reads }),
      (read) => read.reads === 3,
      5_000,
      { intervalMs: 1 },
    );
    expect(value).toEqual({ reads: 3 });
  });

  it.each([false, undefined])(
    'answers an accepted %s, which a probe of waitUntil could not',
    async (accepted) => {
      const read = async () => accepted;
      expect(await waitForValue(`${accepted} read`, read, (value) => value === accepted, 200)).toBe(accepted);
    },
  );

  it('fails after the deadline naming what it waited for, the last value read and the load', async () => {
    let reads = 0;
    const waited = waitForValue(
      'the order PAID',
      async () => ({ status: reads++ < 2 ? 'CREATED' : 'PENDING' }),
      (order) => order.status === 'PAID',
      100,
      { intervalMs: 5 },
    );
    await expect(waited).rejects.toThrow(
      /^the order PAID: not within 100 ms \(load average .+; TEST_PATIENCE=1\)\nthe last value read: \{"status":"PENDING"\}$/,
    );
  });

  it('waits on through a read that throws, and names the error when the time is up', async () => {
    const waited = waitForValue(
      'the mail stored',
      () => Promise.reject(new Error('Mailpit: HTTP 503')),
      () => true,
      50,
      { intervalMs: 5 },
    );
    await expect(waited).rejects.toThrow(/the last try threw: Mailpit: HTTP 503\nno value read$/);
  });
});

describe('waitUntil', () => {
  it('stops at once when the wait is hopeless', async () => {
    const started = Date.now();
    const waited = waitUntil('a shop ready', () => false, 60_000, {
      hopeless: () => 'the shop ended (exit 1)',
    });
    await expect(waited).rejects.toThrow('a shop ready: the shop ended (exit 1)');
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('waitForProcess', () => {
  it('stops at once when the process that was to answer has ended', async () => {
    const waited = waitForProcess('the receiver answering', { exitCode: 3 }, () => false, 60_000);
    await expect(waited).rejects.toThrow('the receiver answering: the process ended (exit 3)');
  });

  it('answers what the running process answered', async () => {
    expect(await waitForProcess('the receiver answering', { exitCode: null }, () => 'up', 1_000)).toBe('up');
  });
});
