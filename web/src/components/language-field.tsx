import { languages, type Language } from '@alpenpass/contracts/src/language-codes';
import { languageNames } from '../i18n/language-names';

/** A labelled choice of the shop's languages, each named in itself. */
export function LanguageField({ id, label, value, onChange }: { id: string; label: string; value: Language; onChange: (language: Language) => void }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as Language)}>
        {languages.map((code) => (
          <option key={code} value={code} lang={code}>
            {languageNames[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
