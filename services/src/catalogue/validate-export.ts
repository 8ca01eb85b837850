import { contentDocument, contentExport, type ContentDocument } from '@alpenpass/contracts';

export interface InvalidDocument {
  /** the document's id when it has one, else its position in the export ("#12") */
  id: string;
  errors: { path: string; message: string }[];
}

export interface ValidatedExport {
  valid: ContentDocument[];
  invalid: InvalidDocument[];
}

const idOf = (raw: unknown, index: number): string => {
  const id = typeof raw === 'object' && raw !== null ? (raw as { id?: unknown }).id : undefined;
  return typeof id === 'string' && id !== '' ? id : `#${index}`;
};

/** Validates every document of an export on its own: one bad document never hides the good ones. */
export function validateDocuments(rawDocuments: unknown[]): ValidatedExport {
  const result: ValidatedExport = { valid: [], invalid: [] };
  rawDocuments.forEach((raw, index) => {
    const parsed = contentDocument.safeParse(raw);
    if (parsed.success) result.valid.push(parsed.data);
    else {
      const errors = parsed.error.issues.map((issue) => ({
        path: issue.path.join('.') || '(document)',
        message: issue.message,
      }));
      result.invalid.push({ id: idOf(raw, index), errors });
    }
  });
  return result;
}

/** A whole export file's content: a list of documents or {documents: [...]}. */
export function validateExport(exported: unknown): ValidatedExport {
  const parsed = contentExport.safeParse(exported);
  if (!parsed.success) {
    return {
      valid: [],
      invalid: [
        {
          id: '(file)',
          errors: [{ path: '(file)', message: 'Expected a list of documents or {"documents": [...]}' }],
        },
      ],
    };
  }
  return validateDocuments(parsed.data);
}
