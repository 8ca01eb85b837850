import { checkDocumentLink, documentLinkKey, signDocumentLink } from './document-links';

const key = documentLinkKey('a-secret-of-at-least-16');
const link = { kind: 'tickets' as const, orderId: 42, language: 'fr' as const, expires: 1_800_000_000 };
const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://shop').searchParams);

describe('document links', () => {
  it('a genuine link is accepted until it expires, then answered as expired', () => {
    const url = signDocumentLink(key, link);
    expect(url).toMatch(
      /^\/api\/documents\/orders\/42\/tickets\.pdf\?lang=fr&exp=1800000000&sig=[A-Za-z0-9_-]{43}$/,
    );
    expect(
      checkDocumentLink(key, { kind: 'tickets', orderId: 42, query: queryOf(url) }, link.expires),
    ).toEqual({ ok: true, link });
    expect(
      checkDocumentLink(key, { kind: 'tickets', orderId: 42, query: queryOf(url) }, link.expires + 1),
    ).toEqual({ ok: false, reason: 'expired' });
  });

  it('any change is invalid: order, kind, language, expiry, signature, another key', () => {
    const query = queryOf(signDocumentLink(key, link));
    const invalid = { ok: false, reason: 'invalid' };
    const at = link.expires - 10;
    expect(checkDocumentLink(key, { kind: 'tickets', orderId: 43, query }, at)).toEqual(invalid);
    expect(checkDocumentLink(key, { kind: 'receipt', orderId: 42, query }, at)).toEqual(invalid);
    expect(
      checkDocumentLink(key, { kind: 'tickets', orderId: 42, query: { ...query, lang: 'de' } }, at),
    ).toEqual(invalid);
    expect(
      checkDocumentLink(
        key,
        { kind: 'tickets', orderId: 42, query: { ...query, exp: String(link.expires + 3600) } },
        at,
      ),
    ).toEqual(invalid);
    expect(
      checkDocumentLink(
        key,
        {
          kind: 'tickets',
          orderId: 42,
          query: {
            ...query,
            sig: `${query.sig!.slice(0, 10)}${query.sig![10] === 'A' ? 'B' : 'A'}${query.sig!.slice(11)}`,
          },
        },
        at,
      ),
    ).toEqual(invalid);
    // the last character carries two unused bits: another spelling of the same bytes is refused too
    const last = query.sig!.slice(-1);
    const sameBytes = 'AEIMQUYcgkosw048'.includes(last) ? String.fromCharCode(last.charCodeAt(0) + 1) : null;
    if (sameBytes)
      expect(
        checkDocumentLink(
          key,
          {
            kind: 'tickets',
            orderId: 42,
            query: { ...query, sig: `${query.sig!.slice(0, -1)}${sameBytes}` },
          },
          at,
        ),
      ).toEqual(invalid);
    expect(
      checkDocumentLink(
        documentLinkKey('another-secret-of-16+'),
        { kind: 'tickets', orderId: 42, query },
        at,
      ),
    ).toEqual(invalid);
    expect(checkDocumentLink(key, { kind: 'tickets', orderId: 42, query: {} }, at)).toEqual(invalid);
    expect(
      checkDocumentLink(key, { kind: 'tickets', orderId: 42, query: { ...query, sig: ['a', 'b'] } }, at),
    ).toEqual(invalid);
  });
});
