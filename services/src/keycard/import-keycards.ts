import { keycardFieldsBody, type KeycardImportDto } from '@alpenpass/contracts';
import { DomainError } from '../platform/domain-error';
import type { KeycardCaller, KeycardService } from './keycard-service';

type ImportRow = { accountId: string; personId: number; keycard: unknown };

/**
 * Staff bulk import: every row is checked and stored on its own, so one bad row does not stop the
 * others, and the answer says per row what happened. Rows already stored (same card, same person)
 * are UNCHANGED, so an import can be sent again after a timeout. readOnlyKeycards does not apply:
 * it stops customers, not staff.
 */
export async function importKeycards(
  service: KeycardService,
  staff: KeycardCaller,
  rows: ImportRow[],
): Promise<KeycardImportDto> {
  const outcomes: KeycardImportDto['rows'] = [];
  for (const [row, input] of rows.entries()) {
    const parsed = keycardFieldsBody.safeParse(input.keycard);
    if (!parsed.success) {
      const errors = parsed.error.issues.map((issue) => ({
        path: [`keycards.${row}.keycard`, ...issue.path].join('.'),
        message: issue.message,
      }));
      outcomes.push({ row, outcome: 'REFUSED', keycardId: null, code: 'VALIDATION_FAILED', errors });
      continue;
    }
    try {
      const { card, fresh } = await service.importOne(staff, input.accountId, input.personId, parsed.data);
      outcomes.push({
        row,
        outcome: fresh ? 'IMPORTED' : 'UNCHANGED',
        keycardId: card.keycardId,
        code: null,
        errors: [],
      });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      outcomes.push({
        row,
        outcome: 'REFUSED',
        keycardId: null,
        code: error.code,
        errors: [{ path: `keycards.${row}`, message: error.message }],
      });
    }
  }
  const count = (outcome: string) => outcomes.filter((candidate) => candidate.outcome === outcome).length;
  return {
    imported: count('IMPORTED'),
    unchanged: count('UNCHANGED'),
    refused: count('REFUSED'),
    rows: outcomes,
  };
}
