import {
  type BookingForm,
  type BookingItem,
  type FormStateEntry,
  type Language,
  type LegacyBookingEntry,
  type ValidityDay,
} from '@alpenpass/contracts';
import type { Knex } from 'knex';
import { invalid, notFound } from '../platform/domain-error';
import { daysFromTo, everyDayBetween } from '../platform/calendar-days';
import { computeForm } from './compute-form';
import { optionsOf } from './form-elements';
import { applyMutations, readChoices, writeChoices, type Choices } from './form-state';
import { inlineForm, type InlineContext } from './inline-form';
import { choicesFromItems, itemsFromLegacy } from './items-to-choices';
import { formWindow, optionsWindow } from './journey-window';
import { loadJourneyFacts, loadProductFacts, type DayWindow } from './load-journey-facts';
import { resolveSelection } from './resolve-selection';
import { validityCalendar } from './validity-calendar';

/** The longest range the validities call answers at once (a year and a day). */
export const MAX_VALIDITY_DAYS = 366;

export interface RequestScope {
  productId: number;
  language: Language;
}

/** The booking journey's reads: load facts from the read models, then compute with pure functions. */
export function createJourneyService(knex: Knex, now: () => Date = () => new Date()) {
  async function facts(
    scope: RequestScope,
    source: { formState?: FormStateEntry[]; items?: BookingItem[] },
    window: (...args: Parameters<typeof formWindow>) => DayWindow,
  ) {
    const at = now();
    const base = await loadProductFacts(knex, scope.productId);
    const choices: Choices = source.items
      ? choicesFromItems({ ...base, language: scope.language }, source.items)
      : readChoices(source.formState ?? []);
    const loaded = await loadJourneyFacts(knex, base, window(base.product, choices, at), {
      now: at,
      language: scope.language,
    });
    return { facts: loaded, choices };
  }

  return {
    async form(scope: RequestScope, formState: FormStateEntry[] = []): Promise<BookingForm> {
      const { facts: loaded, choices } = await facts(scope, { formState }, formWindow);
      return computeForm(loaded, choices);
    },

    async formFromItems(
      scope: RequestScope,
      items: BookingItem[],
      mutations: FormStateEntry[] = [],
    ): Promise<BookingForm> {
      const base = await loadProductFacts(knex, scope.productId);
      const fromItems = choicesFromItems({ ...base, language: scope.language }, items);
      const formState = applyMutations(writeChoices(fromItems), mutations);
      return this.form(scope, formState);
    },

    async formFromLegacy(scope: RequestScope, entries: LegacyBookingEntry[]): Promise<BookingForm> {
      return this.formFromItems(scope, itemsFromLegacy(entries));
    },

    async inlineForm(scope: RequestScope, formState: FormStateEntry[] = [], context: InlineContext) {
      return inlineForm(await this.form(scope, formState), context);
    },

    async validities(
      scope: RequestScope,
      formState: FormStateEntry[] = [],
      from: string,
      to: string,
    ): Promise<ValidityDay[]> {
      if (to < from) throw invalid('INVALID_RANGE', 'from must not be after to', 'query.to');
      // measured from the two dates, before any day is listed: a huge range must not occupy the server
      if (daysFromTo(from, to) + 1 > MAX_VALIDITY_DAYS)
        throw invalid(
          'RANGE_TOO_LONG',
          `At most ${MAX_VALIDITY_DAYS} days can be asked for at once`,
          'query.to',
        );
      const days = everyDayBetween(from, to);
      const { facts: loaded, choices } = await facts(scope, { formState }, (product, chosen, at) =>
        formWindow(product, chosen, at, [from, to]),
      );
      return validityCalendar(loaded, choices, days);
    },

    async options(
      scope: RequestScope,
      elementId: string,
      source: { formState?: FormStateEntry[]; items?: BookingItem[] },
      paging: { page: number; pageSize: number },
    ) {
      const { facts: loaded, choices } = await facts(scope, source, optionsWindow);
      const options = optionsOf(loaded, resolveSelection(loaded, choices), elementId);
      if (!options)
        throw notFound(
          'FORM_ELEMENT_NOT_FOUND',
          `Product ${scope.productId} has no form element ${elementId}.`,
        );
      const start = paging.page * paging.pageSize;
      return {
        elementId,
        page: paging.page,
        pageSize: paging.pageSize,
        total: options.length,
        options: options.slice(start, start + paging.pageSize),
      };
    },
  };
}

export type JourneyService = ReturnType<typeof createJourneyService>;
