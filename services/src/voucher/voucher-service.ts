import {
  voucherStreamName,
  type EventMetadata,
  type IssueVoucherBody,
  type VoucherDto,
  type VoucherKind,
  type VoucherValidationDto,
} from '@alpenpass/contracts';
import { z } from 'zod';
import { handleCommand, loadStreamState } from '../platform/event-store/command-handler';
import type { EventStore } from '../platform/event-store/event-store';
import { parseInput } from '../platform/http/validate';
import { generateCode, normalizeCode } from '../discount';
import {
  decideVoucher,
  remainingOf,
  voucherFolder,
  voucherNotFound,
  type VoucherCommand,
  type VoucherState,
} from './voucher';

/**
 * Gift vouchers and the port payments call (docs/discounts.md, "Gift vouchers"): `redeem` books a part
 * of a voucher's value under a key (an order's payment), idempotently; `release` gives it back (the
 * order was cancelled). Concurrent redemptions never spend more than the value.
 */
export interface VoucherPort {
  check(code: string): Promise<VoucherValidationDto>;
  redeem(
    code: string,
    amountMinor: number,
    redemptionKey: string,
    metadata?: Partial<EventMetadata>,
  ): Promise<VoucherDto>;
  release(code: string, redemptionKey: string, metadata?: Partial<EventMetadata>): Promise<VoucherDto>;
  /** a refund gives `amountMinor` back onto the voucher (once per key) */
  restore(
    code: string,
    amountMinor: number,
    restoreKey: string,
    metadata?: Partial<EventMetadata>,
  ): Promise<VoucherDto>;
}

const redeemInput = z.object({
  amount: z.number().int().min(1).max(10_000_000),
  redemptionKey: z.string().min(1).max(200),
});

function toDto(state: VoucherState, code: string): VoucherDto {
  if (state.status !== 'issued') throw voucherNotFound(code);
  return {
    code: state.code,
    kind: state.kind,
    value: { amount: state.value, currency: 'CHF' },
    remaining: { amount: remainingOf(state), currency: 'CHF' },
    expiresAt: state.expiresAt,
    redemptions: Object.entries(state.redemptions).map(([redemptionKey, amount]) => ({
      redemptionKey,
      amount,
    })),
  };
}

export function createVoucherService(deps: { store: EventStore; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  const load = async (code: string) =>
    (await loadStreamState(deps.store, voucherStreamName(code), voucherFolder)).state;
  const run = async (code: string, command: VoucherCommand, metadata: Partial<EventMetadata> = {}) =>
    (
      await handleCommand(
        deps.store,
        voucherStreamName(code),
        voucherFolder,
        (state) => decideVoucher(command, state),
        { actor: 'system', ...metadata },
        { maxAttempts: 100 },
      )
    ).newState;

  const port: VoucherPort = {
    async check(rawCode) {
      const code = normalizeCode(rawCode);
      const state = await load(code);
      if (state.status !== 'issued')
        return { code, kind: null, valid: false, reason: 'UNKNOWN', remaining: null, expiresAt: null };
      const remaining = { amount: remainingOf(state), currency: 'CHF' as const };
      const reason =
        state.expiresAt && now().getTime() > Date.parse(state.expiresAt)
          ? 'EXPIRED'
          : remaining.amount === 0
            ? 'USED_UP'
            : null;
      return {
        code,
        kind: state.kind,
        valid: reason === null,
        reason,
        remaining,
        expiresAt: state.expiresAt,
      };
    },
    async redeem(rawCode, amount, redemptionKey, metadata) {
      const code = normalizeCode(rawCode);
      const input = parseInput(redeemInput, { amount, redemptionKey }, 'body');
      if ((await load(code)).status !== 'issued') throw voucherNotFound(code);
      return toDto(
        await run(code, { type: 'RedeemVoucher', data: { ...input, now: now() } }, metadata),
        code,
      );
    },
    async release(rawCode, redemptionKey, metadata) {
      const code = normalizeCode(rawCode);
      return toDto(await run(code, { type: 'ReleaseRedemption', data: { redemptionKey } }, metadata), code);
    },
    async restore(rawCode, amount, restoreKey, metadata) {
      const code = normalizeCode(rawCode);
      const input = parseInput(
        z.object({ amount: redeemInput.shape.amount, restoreKey: redeemInput.shape.redemptionKey }),
        { amount, restoreKey },
        'body',
      );
      if ((await load(code)).status !== 'issued') throw voucherNotFound(code);
      return toDto(await run(code, { type: 'RestoreValue', data: input }, metadata), code);
    },
  };

  return {
    ...port,
    port,
    async issue(
      body: Omit<IssueVoucherBody, 'kind'> & { kind?: VoucherKind },
      metadata: Partial<EventMetadata>,
    ): Promise<VoucherDto> {
      const code = body.code ?? generateCode(12);
      return toDto(
        await run(
          code,
          {
            type: 'IssueVoucher',
            data: { code, value: body.value, expiresAt: body.expiresAt, kind: body.kind ?? 'GIFT_VOUCHER' },
          },
          metadata,
        ),
        code,
      );
    },
    async get(rawCode: string): Promise<VoucherDto> {
      const code = normalizeCode(rawCode);
      return toDto(await load(code), code);
    },
  };
}

export type VoucherService = ReturnType<typeof createVoucherService>;
