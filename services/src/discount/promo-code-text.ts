import { randomInt } from 'node:crypto';
import { CODE_ALPHABET, promoCodeText } from '@alpenpass/contracts';

/** Codes are compared case-insensitively: stored and looked up upper-case, trimmed. */
export const normalizeCode = (code: string): string => code.trim().toUpperCase();

/** A code drawn with the operating system's CSPRNG from an alphabet without look-alikes
 * (31 symbols: 10 of them carry ~49.5 bits, beyond guessing at any rate the limiter admits). */
export function generateCode(length: number): string {
  let code = '';
  for (let index = 0; index < length; index += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** `count` distinct codes none of which is in `taken`. */
export function generateCodes(
  count: number,
  length: number,
  taken: ReadonlySet<string> = new Set(),
): string[] {
  const codes = new Set<string>();
  while (codes.size < count) {
    const code = generateCode(length);
    if (!taken.has(code)) codes.add(code);
  }
  return [...codes];
}

export interface ParsedCodeFile {
  codes: string[];
  errors: { path: string; message: string }[];
}

/**
 * A CSV of codes: one code per line, in the first column; a header line `code` is skipped, blank lines
 * too; quotes around a code are removed. Every other line must be a valid code (§5: at least 6
 * characters); a code twice in the file is an error of the file.
 */
export function parseCodeFile(text: string): ParsedCodeFile {
  const codes: string[] = [];
  const seen = new Set<string>();
  const errors: ParsedCodeFile['errors'] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  lines.forEach((line, index) => {
    const first = (line.split(/[;,\t]/)[0] ?? '')
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim();
    if (first === '' || (index === 0 && first.toLowerCase() === 'code')) return;
    const parsed = promoCodeText.safeParse(first);
    if (!parsed.success) {
      errors.push({ path: `line ${index + 1}`, message: parsed.error.issues[0]?.message ?? 'invalid code' });
      return;
    }
    if (seen.has(parsed.data)) {
      errors.push({ path: `line ${index + 1}`, message: `${parsed.data} appears twice in the file` });
      return;
    }
    seen.add(parsed.data);
    codes.push(parsed.data);
  });
  return { codes, errors };
}
