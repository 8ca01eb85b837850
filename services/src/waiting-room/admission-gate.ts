import type { Knex } from 'knex';
import type { Request } from 'express';
import { WAITING_ROOM_ADMISSION_HEADER, waitingRoomErrorCodes } from '@alpenpass/contracts';
import { isStaff, type Principal } from '../platform/auth/principal';
import { conflict } from '../platform/domain-error';
import { readAdmission } from './admission-token';
import type { LoadReporter } from './pace';
import type { SaleCache } from './sale-cache';
import type { WaitingRoomSettings } from './settings';
import { visitorOf } from './visitor';

/** Who asks to add or check out a sale's products, with the admission tokens they sent. */
export interface AdmissionCaller {
  principal: Principal | null;
  clientAddress?: string;
  /** the x-waiting-room-admission header: one token per sale, space-separated */
  admissionTokens?: string;
}

/** The basket and the checkout ask it before they add or check out products (docs/waiting-room.md, "Enforcement"). */
export interface AdmissionGate {
  /** refuses (409) when one of the products is in an open sale and the caller brings no valid admission to it */
  check(caller: AdmissionCaller, productDefinitionIds: number[]): Promise<void>;
}

/** The admission tokens a request sends, for its caller. */
export function admissionTokensOf(req: Request): string | undefined {
  const header = req.headers[WAITING_ROOM_ADMISSION_HEADER];
  return typeof header === 'string' ? header : undefined;
}

export function createAdmissionGate(deps: {
  knex: Knex;
  sales: SaleCache;
  settings: WaitingRoomSettings;
  admissionKey: Buffer;
  visitorKey: Buffer;
  now: () => Date;
  /** this process's load, reported while it sells an open sale's products */
  loadReporter?: LoadReporter;
}): AdmissionGate {
  return {
    async check(caller, productDefinitionIds) {
      const sales = await deps.sales.sales();
      if (sales.length === 0) return;
      const at = deps.now();
      const guarded = sales.filter(
        (sale) =>
          sale.opensAtMs <= at.getTime() &&
          productDefinitionIds.some((id) => sale.productDefinitionIds.has(id)),
      );
      if (guarded.length === 0) return;
      void deps.loadReporter?.report();
      if (isStaff(caller.principal)) return;
      const visitor = visitorOf(deps.visitorKey, caller.principal, caller.clientAddress ?? 'unknown');
      const admissions = (caller.admissionTokens ?? '')
        .split(/[\s,]+/)
        .filter((token) => token.length > 0)
        .slice(0, 10)
        .map((token) => readAdmission(deps.admissionKey, token))
        .filter((admission) => admission !== null && admission.visitor === visitor);
      for (const sale of guarded) {
        const admission = admissions.find((candidate) => candidate!.saleId === sale.id);
        if (!admission)
          throw conflict(
            waitingRoomErrorCodes.admissionRequired,
            `This product is sold through a waiting room: join the queue of sale ${sale.id} and come back with your admission.`,
          );
        const usable =
          admission.expiresAtMs > at.getTime() &&
          (await deps
            .knex('waiting_room_tickets')
            .where({ id: admission.ticketId, sale_id: sale.id, visitor })
            .whereNotNull('admitted_at')
            .whereNull('left_at')
            .where((query) =>
              query
                .whereNotNull('used_at')
                .orWhere('admitted_at', '>', new Date(at.getTime() - deps.settings.admissionGraceMs)),
            )
            .update({ used_at: deps.knex.raw('coalesce(used_at, ?)', [at]) })) > 0;
        if (!usable)
          throw conflict(
            waitingRoomErrorCodes.admissionExpired,
            `Your admission to sale ${sale.id} has expired: please join the queue again.`,
          );
      }
    },
  };
}
