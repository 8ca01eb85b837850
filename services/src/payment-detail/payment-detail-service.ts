import {
  accountErrorCodes,
  paymentDetailErrorCodes as codes,
  paymentDetailsStreamName,
  voucherErrorCodes,
  type NewPaymentCode,
  type PaymentDetailDto,
  type PaymentRedirectUrls,
  type VoucherPaymentDetailDto,
} from '@alpenpass/contracts';
import type { Knex } from 'knex';
import type { SavedCard } from '../payment-provider';
import type { Principal } from '../platform/auth/principal';
import { conflict, forbidden, notFound } from '../platform/domain-error';
import { handleCommand, loadStreamState } from '../platform/event-store/command-handler';
import type { EventStore } from '../platform/event-store/event-store';
import { eventMetadataOf } from '../platform/http/request-context';
import type { CardRegistrations } from './card-registrations';
import {
  decidePaymentDetails,
  findDetail,
  findVoucher,
  registrationNotFound,
  type PaymentDetailCommand,
} from './decide';
import {
  cardExpired,
  paymentDetailsFolder,
  usable,
  type PaymentDetailsState,
  type SavedPaymentDetail,
  type SavedVoucher,
} from './payment-details';
import type { VoucherPort } from '../voucher';

export interface PaymentDetailServiceDeps {
  store: EventStore;
  knex: Knex;
  registrations: CardRegistrations;
  /** what the voucher context says of a code (saved vouchers) */
  vouchers: Pick<VoucherPort, 'check'>;
  now?: () => Date;
}

export interface PaymentDetailCaller {
  principal: Principal | null;
  correlationId: string;
}

export type PaymentDetailService = ReturnType<typeof createPaymentDetailService>;

function accountOf(caller: PaymentDetailCaller): string {
  const accountId = caller.principal?.accountId;
  if (!accountId) throw forbidden(accountErrorCodes.accountRequired, 'These calls need a customer account.');
  return accountId;
}

const systemCaller = { principal: null, correlationId: 'payment-details' };

/** §7 Payments, payment details: the cards a customer saved, by registration or when paying. */
export function createPaymentDetailService(deps: PaymentDetailServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const load = async (accountId: string): Promise<PaymentDetailsState> =>
    (await loadStreamState(deps.store, paymentDetailsStreamName(accountId), paymentDetailsFolder)).state;
  const run = async (
    accountId: string,
    caller: Pick<PaymentDetailCaller, 'principal' | 'correlationId'>,
    command: PaymentDetailCommand,
  ) =>
    (
      await handleCommand(
        deps.store,
        paymentDetailsStreamName(accountId),
        paymentDetailsFolder,
        (state) => decidePaymentDetails(command, state),
        eventMetadataOf(caller),
      )
    ).newState;
  const nextId = async (): Promise<number> => {
    const { rows } = await deps.knex.raw<{ rows: { id: string }[] }>(
      `select nextval('payment_detail_id_seq') as id`,
    );
    return Number(rows[0]!.id);
  };

  const dto = (state: PaymentDetailsState, detail: SavedPaymentDetail): PaymentDetailDto => ({
    id: detail.paymentDetailId,
    default: state.defaultId === detail.paymentDetailId,
    status: cardExpired(detail.card, now()) ? 'EXPIRED' : 'ACTIVE',
    type: 'CARD',
    brand: detail.card.brand,
    masked: detail.card.masked,
    expiryMonth: detail.card.expiryMonth,
    expiryYear: detail.card.expiryYear,
    blockedReason: detail.blockedReason,
  });

  async function voucherDto(voucher: SavedVoucher): Promise<VoucherPaymentDetailDto> {
    const { remaining, expiresAt } = await deps.vouchers.check(voucher.code);
    return {
      id: voucher.paymentDetailId,
      type: 'VOUCHER',
      provider: voucher.kind,
      code: voucher.code,
      remaining: remaining ?? { amount: 0, currency: 'CHF' },
      expiresAt,
    };
  }

  async function saveCard(
    accountId: string,
    caller: PaymentDetailCaller,
    transactionId: string,
    card: SavedCard,
    fromRegistration: boolean,
  ): Promise<PaymentDetailDto> {
    const paymentDetailId = await nextId();
    const state = await run(accountId, caller, {
      type: 'SaveCard',
      data: { accountId, paymentDetailId, transactionId, card, fromRegistration, today: now() },
    });
    const saved =
      state.details.find((detail) => detail.transactionId === transactionId) ??
      state.details.find((detail) => detail.card.alias === card.alias && detail.blockedReason === null);
    return dto(state, saved!);
  }

  return {
    async list(caller: PaymentDetailCaller, filter: 'all' | 'blocked' = 'all'): Promise<PaymentDetailDto[]> {
      const state = await load(accountOf(caller));
      return state.details
        .filter((detail) => filter === 'all' || detail.blockedReason !== null)
        .map((detail) => dto(state, detail));
    },

    /** GET …/current: the default card, or 404 when the account has none usable. */
    async current(caller: PaymentDetailCaller): Promise<PaymentDetailDto> {
      const state = await load(accountOf(caller));
      const detail = state.details.find(
        (candidate) => candidate.paymentDetailId === state.defaultId && usable(candidate, now()),
      );
      if (!detail) throw notFound(codes.notFound, 'The account has no usable default payment detail.');
      return dto(state, detail);
    },

    async register(
      caller: PaymentDetailCaller,
      request: { type: NewPaymentCode; redirectUrls: PaymentRedirectUrls },
    ) {
      const accountId = accountOf(caller);
      const started = await deps.registrations.start({ accountId, ...request });
      await run(accountId, caller, {
        type: 'StartCardRegistration',
        data: { accountId, transactionId: started.transactionId },
      });
      return started;
    },

    /** POST /payments/payment-details: back from the provider's page, the registered card is saved. */
    async completeRegistration(
      caller: PaymentDetailCaller,
      transactionId: string,
    ): Promise<PaymentDetailDto> {
      const accountId = accountOf(caller);
      // checked before asking the provider: another account's transaction is not even looked up
      if (!(await load(accountId)).registrations.includes(transactionId)) {
        throw registrationNotFound(transactionId);
      }
      const card = await deps.registrations.registeredCard(transactionId);
      if (!card)
        throw conflict(
          codes.registrationIncomplete,
          'The card registration is not completed; please finish it on the payment page.',
        );
      return saveCard(accountId, caller, transactionId, card, true);
    },

    async chooseDefault(caller: PaymentDetailCaller, paymentDetailId: number): Promise<PaymentDetailDto> {
      const accountId = accountOf(caller);
      const state = await run(accountId, caller, {
        type: 'ChooseDefault',
        data: { accountId, paymentDetailId, today: now() },
      });
      return dto(state, findDetail(state, paymentDetailId));
    },

    async remove(caller: PaymentDetailCaller, paymentDetailId: number): Promise<void> {
      const accountId = accountOf(caller);
      await run(accountId, caller, {
        type: 'DeletePaymentDetail',
        data: { accountId, paymentDetailId, today: now() },
      });
    },

    /** The card behind a customer's saved payment detail, for a charge: 404 when it is not theirs,
     * 409 when it is expired or blocked. */
    async usableCard(caller: PaymentDetailCaller, paymentDetailId: number): Promise<SavedCard> {
      const detail = findDetail(await load(accountOf(caller)), paymentDetailId);
      if (!usable(detail, now()))
        throw conflict(
          codes.notUsable,
          `Payment detail ${paymentDetailId} is expired or blocked; please choose another card.`,
        );
      return detail.card;
    },

    async isDefault(accountId: string, paymentDetailId: number): Promise<boolean> {
      return (await load(accountId)).defaultId === paymentDetailId;
    },

    /** A declined charge: the card is not offered again until the customer saves it anew. */
    async block(accountId: string, paymentDetailId: number, reason: string): Promise<void> {
      await run(accountId, systemCaller, {
        type: 'BlockPaymentDetail',
        data: { accountId, paymentDetailId, reason },
      });
    },

    /** saveAlias: the card of an order the customer paid is kept (once, however often this is called). */
    async saveFromPayment(accountId: string, transactionId: string, card: SavedCard): Promise<void> {
      await saveCard(accountId, systemCaller, transactionId, card, false);
    },

    /** POST …/payment-details/vouchers: a voucher the customer holds is kept in the account (once per
     * code); an unknown code is 404 and an expired or used-up one 409, as when it pays. */
    async saveVoucher(caller: PaymentDetailCaller, voucherCode: string): Promise<VoucherPaymentDetailDto> {
      const accountId = accountOf(caller);
      const verdict = await deps.vouchers.check(voucherCode);
      if (verdict.reason === 'UNKNOWN' || verdict.kind === null)
        throw notFound(voucherErrorCodes.unknown, `The voucher code ${verdict.code} is not valid.`);
      if (verdict.reason !== null)
        throw conflict(
          verdict.reason === 'EXPIRED' ? voucherErrorCodes.expired : voucherErrorCodes.insufficient,
          `The voucher ${verdict.code} cannot pay any more.`,
        );
      const state = await run(accountId, caller, {
        type: 'SaveVoucher',
        data: { accountId, paymentDetailId: await nextId(), code: verdict.code, kind: verdict.kind },
      });
      return voucherDto(state.vouchers.find((voucher) => voucher.code === verdict.code)!);
    },

    async listVouchers(caller: PaymentDetailCaller): Promise<VoucherPaymentDetailDto[]> {
      return Promise.all((await load(accountOf(caller))).vouchers.map(voucherDto));
    },

    /** The voucher behind an account's saved payment detail (404 when it is not one of its vouchers). */
    async savedVoucher(accountId: string, paymentDetailId: number): Promise<SavedVoucher> {
      return findVoucher(await load(accountId), paymentDetailId);
    },

    /** AccountResources: which of these ids are this account's saved vouchers (a basket's vouchers;
     * a card is no voucher). */
    async owned(accountId: string, paymentDetailIds: number[]): Promise<Set<number>> {
      const wanted = new Set(paymentDetailIds);
      return new Set(
        (await load(accountId)).vouchers
          .map((voucher) => voucher.paymentDetailId)
          .filter((id) => wanted.has(id)),
      );
    },
  };
}
