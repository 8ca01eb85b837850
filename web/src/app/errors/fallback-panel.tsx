import { defaultLanguage, isLanguage } from '@alpenpass/contracts/src/language-codes';
import { fallbackTexts } from './fallback-texts';

/** §2, §8: the generic panel shown instead of a page that failed to render. */
export function FallbackPanel({ locale }: { locale: string | undefined }) {
  const texts = fallbackTexts[isLanguage(locale) ? locale : defaultLanguage];
  return (
    <section role="alert" aria-labelledby="fallback-title" className="fallback-panel">
      <h1 id="fallback-title">{texts.title}</h1>
      <p>{texts.description}</p>
    </section>
  );
}
