import type { Language } from '@alpenpass/contracts';
import { DateTime } from 'luxon';

const elementLabels: Record<string, Record<Language, string>> = {
  validity: { de: 'Gültig ab', en: 'Valid from', fr: 'Valable dès' },
  season: { de: 'Saison', en: 'Season', fr: 'Saison' },
  slotDay: { de: 'Datum', en: 'Date', fr: 'Date' },
  personTypes: { de: 'Personen', en: 'Persons', fr: 'Personnes' },
  quantity: { de: 'Anzahl', en: 'Quantity', fr: 'Quantité' },
  slot: { de: 'Zeitfenster', en: 'Time slot', fr: 'Créneau horaire' },
  duration: { de: 'Dauer', en: 'Duration', fr: 'Durée' },
};

export function elementLabel(key: string, language: Language): string {
  return elementLabels[key]?.[language] ?? key;
}

/** §9: slot choice uses CET; the label shows the slot's times there ("08:30–12:00"). */
export const SLOT_ZONE = 'CET';

export function slotLabel(from: string, to: string): string {
  const start = DateTime.fromISO(from, { zone: SLOT_ZONE });
  const end = DateTime.fromISO(to, { zone: SLOT_ZONE });
  return `${start.toFormat('HH:mm')}–${end.toFormat('HH:mm')}`;
}
