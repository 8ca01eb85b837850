import { fr } from './catalogues/fr';

/** French puts a non-breaking space before : ; ! ? (a line never starts with the sign). */
const FRENCH_SPACES = ['\u00a0', '\u202f'];
const needsSpace = /[:;!?]/g;

function misplacedSigns(text: string): string[] {
  // ICU arguments ({count, plural, one {…}}) carry no punctuation of the sentence
  const prose = text.replace(/\{[^{}]*\}/g, 'x');
  return [...prose.matchAll(needsSpace)]
    .filter((match) => !FRENCH_SPACES.includes(prose[match.index - 1] ?? ''))
    .map((match) => prose.slice(Math.max(0, match.index - 12), match.index + 1));
}

describe('the French catalogue', () => {
  it('puts a non-breaking space before every colon, semicolon, exclamation and question mark', () => {
    const offenders = Object.entries(fr).flatMap(([id, text]) =>
      misplacedSigns(text).map((context) => `${id}: …${context}`),
    );
    expect(offenders).toEqual([]);
  });

  it('the check finds an ordinary space and a missing one', () => {
    expect(misplacedSigns('Total : {price}')).toHaveLength(1);
    expect(misplacedSigns('Merci!')).toHaveLength(1);
    expect(misplacedSigns('Total\u00a0: {price}, merci\u202f!')).toEqual([]);
  });
});
