import {
  checkAxessWtp,
  checkPassNumber,
  checkSkidataDataCarrierId,
  checkSwissPassId,
  type CardNumberCheck,
} from '@alpenpass/contracts';
import { invalid } from '../platform/domain-error';

const systems: [string, (text: string) => CardNumberCheck][] = [
  ['SKIDATA', checkSkidataDataCarrierId],
  ['AXESS', checkAxessWtp],
  ['SWISSPASS', checkSwissPassId],
  ['SWISSTRAVELPASS', (text) => checkPassNumber('', text)],
  ['FERATEL', (text) => checkPassNumber('', text)],
  ['EUINTERRAIL', (text) => checkPassNumber('', text)],
];

/** The registry keys a bare card number may stand for: one per system whose format it fits
 * (GET /keycards/unique carries no type). A number that fits no system is bad input. */
export function carrierKeysOfNumber(text: string): string[] {
  const keys = systems.flatMap(([system, check]) => {
    const outcome = check(text);
    return outcome.ok ? [`${system}:${outcome.value}`] : [];
  });
  if (keys.length === 0)
    throw invalid(
      'KEYCARD_NUMBER_UNKNOWN',
      'The number fits no keycard system (SKIDATA, AXESS, SwissPass, Swiss Travel Pass, FERATEL, Interrail).',
      'datacarrierid',
    );
  return keys;
}
