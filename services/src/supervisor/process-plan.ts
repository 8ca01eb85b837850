import type { ProcessRole } from '../platform/config';

export interface ProcessGroup {
  name: string;
  roles: ProcessRole[];
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

/** Keeps the roles `ROLES` asks for; a group left without roles is not started. */
export function planFor(roles: readonly ProcessRole[], plan: readonly ProcessGroup[] = defaultProcessPlan): ProcessGroup[] {
  const groups = plan
    .map((group) => ({ ...group, roles: group.roles.filter((role) => roles.includes(role)) }))
    .filter((group) => group.roles.length > 0);
  const names = new Set(groups.map((group) => group.name));
  return groups.map(({ after, ...group }) => (after && names.has(after) ? { ...group, after } : group));
}
