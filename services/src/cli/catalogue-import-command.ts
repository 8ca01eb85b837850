import { readFile } from 'node:fs/promises';
import type { EventStore } from '../platform/event-store/event-store';
import { publishDocument, validateExport } from '../catalogue';
import { progressBar } from './projections-command';

export interface CatalogueImportDeps {
  store: EventStore;
  out: (text: string) => void;
  err: (text: string) => void;
  /** draw a progress bar from this many valid documents on (a "large" file); default 100 */
  progressFrom?: number;
}

const usage = 'usage: npm run catalogue:import -- <export.json>\n';

/**
 * Imports a full content export: validates every document on its own, reports the invalid ones by
 * id and field on stderr, publishes the valid ones (idempotent by id and revision) and prints a
 * summary. Exit code 0 when every document was valid, 1 when some were not (the valid ones landed),
 * 2 for a missing or unreadable file.
 */
export async function runCatalogueImport(args: string[], deps: CatalogueImportDeps): Promise<number> {
  const [file] = args;
  if (!file) {
    deps.err(usage);
    return 2;
  }
  let exported: unknown;
  try {
    exported = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    deps.err(
      `catalogue import: cannot read ${file}: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return 2;
  }
  const { valid, invalid } = validateExport(exported);
  for (const document of invalid) {
    for (const error of document.errors)
      deps.err(`invalid document ${document.id}: ${error.path}: ${error.message}\n`);
  }

  const counts = { stored: 0, unchanged: 0, failed: 0 };
  const showProgress = valid.length >= (deps.progressFrom ?? 100);
  const metadata = {
    actor: 'catalogue-import',
    correlationId: `catalogue-import-${Date.now()}`,
    causationId: null,
  };
  for (const [index, document] of valid.entries()) {
    try {
      counts[await publishDocument(deps.store, document, metadata)] += 1;
    } catch (error) {
      // a refused revision (kind or catalogue id changed) is reported like an invalid document
      counts.failed += 1;
      const path = (error as { path?: string }).path ?? '(document)';
      deps.err(
        `${showProgress ? '\n' : ''}refused document ${document.id}: ${path}: ${error instanceof Error ? error.message : String(error)}\n`,
      );
    }
    if (showProgress) deps.err(`\rimporting ${progressBar(index + 1, valid.length)}`);
  }
  if (showProgress) deps.err('\n');

  const total = valid.length + invalid.length;
  deps.out(
    `catalogue import: ${total} documents, ${counts.stored} stored, ${counts.unchanged} unchanged, ${invalid.length + counts.failed} invalid\n`,
  );
  return invalid.length + counts.failed > 0 ? 1 : 0;
}
