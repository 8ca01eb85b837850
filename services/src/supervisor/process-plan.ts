import type { ProcessRole } from '../platform/config';

/** Which entry script a group runs: the shop's role process, or the payment provider simulator. */
export type ProcessEntry = 'roles' | 'psp-simulator';

export interface ProcessGroup {
  name: string;
  roles: ProcessRole[];
  /** default 'roles' (services/src/main.ts with ROLES) */
  entry?: ProcessEntry;
  /** started only once this group first reported ready (its read models exist, the database is set up) */
  after?: string;
}

/**
 * How `npm start` splits the roles over processes: the API alone, so that no background job (a
 * season of price generation in the worker, the projector applying it) shares its event loop.
 * The API waits for the projector's first catch-up, as it did when all roles shared one process.
 */
export const defaultProcessPlan: readonly ProcessGroup[] = [
  { name: 'projector', roles: ['relay', 'projector'] },
  { name: 'worker', roles: ['worker'] },
  { name: 'api', roles: ['api'], after: 'projector' },
];

/** Development only: the card payment provider simulator (docs/payment-provider.md), its own process,
 * its own database; the shop's PSP_* defaults point at it. */
export const pspSimulatorGroup: ProcessGroup = { name: 'psp-simulator', roles: [], entry: 'psp-simulator' };

export interface PlanOptions {
  /** start the PSP simulator too (development, with the API or the worker, which call it) */
  pspSimulator?: boolean;
}

/** Keeps the roles `ROLES` asks for; a group left without roles is not started. */
export function planFor(
  roles: readonly ProcessRole[],
  plan: readonly ProcessGroup[] = defaultProcessPlan,
  options: PlanOptions = {},
): ProcessGroup[] {
  const simulator =
    options.pspSimulator && (roles.includes('api') || roles.includes('worker')) ? [pspSimulatorGroup] : [];
  return [...simulator, ...rolePlan(roles, plan)];
}

function rolePlan(roles: readonly ProcessRole[], plan: readonly ProcessGroup[]): ProcessGroup[] {
  const groups = plan
    .map((group) => ({ ...group, roles: group.roles.filter((role) => roles.includes(role)) }))
    .filter((group) => group.roles.length > 0);
  const names = new Set(groups.map((group) => group.name));
  return groups.map(({ after, ...group }) => (after && names.has(after) ? { ...group, after } : group));
}
