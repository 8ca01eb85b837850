/**
 * The waiting room's admissions this tab holds (docs/waiting-room.md): kept per sale in sessionStorage until
 * they expire, and sent by the base query as `x-waiting-room-admission` on every call, where the server
 * checks them on basket adds and checkouts of a sale's products.
 */
const storageKey = 'alpenpass.waitingRoomAdmissions';

type Admissions = Record<string, { token: string; expiresAt: string }>;

function stored(storage: Storage): Admissions {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(storageKey) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Admissions) : {};
  } catch {
    return {};
  }
}

export function rememberAdmission(
  saleId: number,
  admission: { token: string; expiresAt: string },
  storage: Storage = sessionStorage,
): void {
  storage.setItem(storageKey, JSON.stringify({ ...stored(storage), [String(saleId)]: admission }));
}

/** the tokens still valid, space-separated; undefined when there are none */
export function admissionTokens(
  now: Date = new Date(),
  storage: Storage | undefined = globalThis.sessionStorage,
): string | undefined {
  if (!storage) return undefined;
  const tokens = Object.values(stored(storage))
    .filter((admission) => Date.parse(admission.expiresAt) > now.getTime())
    .map((admission) => admission.token);
  return tokens.length > 0 ? tokens.join(' ') : undefined;
}

/** whether this tab holds a valid admission to the sale */
export function holdsAdmission(
  saleId: number,
  now: Date = new Date(),
  storage: Storage | undefined = globalThis.sessionStorage,
): boolean {
  const admission = storage ? stored(storage)[String(saleId)] : undefined;
  return admission !== undefined && Date.parse(admission.expiresAt) > now.getTime();
}
