// What compressing a dynamic JSON answer costs per request and saves, by coding and effort: the levels
// the API uses for its answers (brotli 4, gzip 5: platform/http/compress.ts, compressDynamic) beside
// the price feeds' cached ones (brotli 9, gzip 9) and the built files' (brotli 11). The bodies are the
// demo catalogue's documents as JSON, each copy with an id and figures of its own (as in a list answer,
// so that the repeats are not free), cut to answer-like sizes. No database.
// Usage: npx tsx bench/json-compression/run.ts
import { randomInt, randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { placedDemoCatalogue } from '../../services/src/demo/catalogue';

const brotli = (quality: number) => (body: Buffer) =>
  brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
const gzip = (level: number) => (body: Buffer) => gzipSync(body, { level });

const codings: [string, (body: Buffer) => Buffer][] = [
  ['br 4 (answers)', brotli(4)],
  ['gzip 5 (answers)', gzip(5)],
  ['br 9 (feeds)', brotli(9)],
  ['gzip 9 (feeds)', gzip(9)],
  ['br 11 (built files)', brotli(11)],
];

/** median milliseconds of at least 5 runs, until about half a second was spent */
function median(run: () => void): number {
  const times: number[] = [];
  const started = performance.now();
  while (times.length < 5 || (times.length < 200 && performance.now() - started < 500)) {
    const t = performance.now();
    run();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

function bodyOf(bytes: number): Buffer {
  const documents = placedDemoCatalogue(new Date()).documents;
  const items: unknown[] = [];
  for (let index = 0; JSON.stringify(items).length < bytes; index += 1) {
    items.push({
      ...documents[index % documents.length],
      id: randomUUID(),
      revision: randomInt(1, 1000),
      amount: randomInt(100, 100_000),
      createdAt: new Date(Date.now() - randomInt(0, 1e10)).toISOString(),
    });
  }
  return Buffer.from(JSON.stringify(items));
}

function main() {
  console.log(`JSON compression, load average ${loadavg()[0]!.toFixed(2)}`);
  console.log('| body | coding | time | size |');
  console.log('|---|---|---|---|');
  for (const bytes of [2_000, 20_000, 200_000, 1_000_000]) {
    const body = bodyOf(bytes);
    for (const [name, compress] of codings) {
      const size = compress(body).length;
      const ms = median(() => compress(body));
      console.log(
        `| ${(body.length / 1000).toFixed(1)} kB | ${name} | ${ms.toFixed(2)} ms | ${(size / 1000).toFixed(1)} kB (${((100 * size) / body.length).toFixed(1)} %) |`,
      );
    }
  }
}

main();
