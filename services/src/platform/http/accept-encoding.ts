/** The compressed content codings the shop serves, best first. */
export const contentCodings = ['br', 'gzip'] as const;
export type ContentCoding = (typeof contentCodings)[number];

/** Quality values per coding named in an Accept-Encoding header (RFC 9110 §12.5.3). */
function qualities(header: string): Map<string, number> {
  const named = new Map<string, number>();
  for (const part of header.split(',')) {
    const [coding, ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!coding) continue;
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    named.set(coding, Number.isFinite(quality) ? quality : 0);
  }
  return named;
}

/**
 * The coding to answer with: the one the caller weighs highest among those offered (the server's order
 * breaks ties), else identity. No header or an empty one means identity; `*` stands for any coding the
 * caller did not name.
 */
export function chooseEncoding(
  header: string | undefined,
  offered: readonly ContentCoding[] = contentCodings,
): ContentCoding | 'identity' {
  if (!header) return 'identity';
  const named = qualities(header);
  let best: ContentCoding | 'identity' = 'identity';
  let bestQuality = 0;
  for (const coding of offered) {
    const quality = named.get(coding) ?? named.get('*') ?? 0;
    if (quality > bestQuality) {
      best = coding;
      bestQuality = quality;
    }
  }
  return best;
}
