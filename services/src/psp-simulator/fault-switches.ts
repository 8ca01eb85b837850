import { z } from 'zod';

/** Test-only switches (POST /__faults), for one transaction or for the whole merchant. */
export const faultSettings = z.object({
  /** drop: never sent; duplicate: sent twice, byte for byte; hold: kept until POST /__faults/release;
   * reorder: kept until the transaction's next notification has been sent, then sent after it */
  notification: z.enum(['drop', 'duplicate', 'hold', 'reorder']).optional(),
  /** wait this long before sending each notification (manual experiments; tests use `hold`) */
  notificationDelayMs: z.number().int().min(0).max(600_000).optional(),
  /** the payment page does its work but never sends the browser back to the shop */
  redirect: z.enum(['lost']).optional(),
  /** merchant-initiated charges with a saved alias: the issuer declines them (as an expired or
   * blocked card would be in real life) */
  aliasAuthorization: z.enum(['decline']).optional(),
  /** the API does the work and stores the answer, then answers 503 or never answers, this many times */
  failAfterWork: z
    .object({ kind: z.enum(['5xx', 'timeout']), times: z.number().int().min(1).max(100_000).default(1) })
    .optional(),
});
export type FaultSettings = z.infer<typeof faultSettings>;

export const faultRequest = z.object({
  merchantId: z.string().min(1).optional(),
  transactionId: z.string().min(1).optional(),
  faults: faultSettings,
});

/** In memory: faults arrange one test run and vanish with the process. */
export class FaultSwitches {
  private readonly byMerchant = new Map<string, FaultSettings>();
  private readonly byTransaction = new Map<string, FaultSettings>();

  set(scope: { merchantId?: string; transactionId?: string }, faults: FaultSettings): void {
    if (scope.transactionId) this.byTransaction.set(scope.transactionId, { ...faults });
    else if (scope.merchantId) this.byMerchant.set(scope.merchantId, { ...faults });
  }

  reset(): void {
    this.byMerchant.clear();
    this.byTransaction.clear();
  }

  /** A transaction's own switches win over the merchant's. */
  for(merchantId: string, transactionId?: string): FaultSettings {
    return (transactionId && this.byTransaction.get(transactionId)) || this.byMerchant.get(merchantId) || {};
  }

  /** Counts one use of a failAfterWork switch down; true when this answer must fail. */
  takeFailAfterWork(merchantId: string, transactionId?: string): FaultSettings['failAfterWork'] {
    const settings =
      (transactionId && this.byTransaction.get(transactionId)) || this.byMerchant.get(merchantId);
    const fail = settings?.failAfterWork;
    if (!settings || !fail) return undefined;
    if (fail.times <= 1) delete settings.failAfterWork;
    else settings.failAfterWork = { ...fail, times: fail.times - 1 };
    return fail;
  }
}
