import { languages, type Language } from '@alpenpass/contracts/src/language-codes';

/** Each language named in itself, as a choice of language is shown in every language. */
const languageNames: Record<Language, string> = { de: 'Deutsch', en: 'English', fr: 'Français' };

/** A labelled choice of the shop's languages, each named in itself. */
export function LanguageField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: Language;
  onChange: (language: Language) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as Language)}>
        <LanguageOptions />
      </select>
    </div>
  );
}

/** The shop's languages as the options of a select, each named in itself. */
export function LanguageOptions() {
  return languages.map((code) => (
    <option key={code} value={code} lang={code}>
      {languageNames[code]}
    </option>
  ));
}
