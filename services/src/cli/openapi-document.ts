/**
 * Writes the document GET /api/openapi.json serves to a file (or stdout), without starting the shop or
 * connecting to a database: `npm run lint:openapi` lints it.
 *   tsx services/src/cli/openapi-document.ts [file]
 */
import { writeFile } from 'node:fs/promises';
import { shopOpenApiDocument } from '../openapi-document';
import { loadConfigOrExit } from '../platform/config';
import { createLogger } from '../platform/logger';

async function main(): Promise<void> {
  const [file] = process.argv.slice(2);
  const document = await shopOpenApiDocument(loadConfigOrExit(), createLogger('warn'));
  const text = `${JSON.stringify(document, null, 2)}\n`;
  if (file) await writeFile(file, text);
  else process.stdout.write(text);
}

void main();
