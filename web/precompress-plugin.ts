import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const compressible = /\.(js|mjs|css|html|svg|json|webmanifest)$/;
/** below this, compressing saves less than the header costs (the server's rule too) */
const minBytes = 1024;

/**
 * Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every built script, style
 * and page, so the shop serves them without compressing at start-up. Source maps are left out.
 */
export function precompress(): Plugin {
  return {
    name: 'alpenpass-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const [fileName, output] of Object.entries(bundle)) {
        if (!compressible.test(fileName)) continue;
        const source = output.type === 'chunk' ? output.code : output.source;
        const body = Buffer.from(source);
        if (body.length < minBytes) continue;
        const path = join(dir, fileName);
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
        );
        writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}
