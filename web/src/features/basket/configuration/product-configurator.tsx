import type { ProductDto } from '@alpenpass/contracts/src/catalogue';
import type { Language } from '@alpenpass/contracts/src/language-codes';
import { skipToken } from '@reduxjs/toolkit/query';
import { DateTime } from 'luxon';
import { useId, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { Announcement } from '../../../components/announcement';
import { shopNow } from '../../../lib/clock/shop-clock';
import { withPageToken } from '../../../lib/session/page-token';
import { useGetNextSlotQuery, useGetSlotsQuery } from '../api';
import { basketMessages, productPageMessages } from '../messages';
import type { ServerSlot } from '../server-types';
import type { BasketProblem } from '../state/basket-problem';
import { useAddToBasket } from '../state/use-add-to-basket';
import { firstMonth, shiftMonth } from './calendar-days';
import { definitionFor, draftEntries, draftsReady } from './draft-entries';
import { PersonTypeFields } from './person-type-fields';
import { bookingModeOf, durationsOf, personTypesOf, toModelProduct } from './product-model';
import { PriceInsight } from './price-insight';
import { splitByQuantity } from '../model/entry-split';
import { isLoadedOntoKeycard } from '../model/keycard-media';
import { SelectionSummary, SelectionTotal, isPayPerUse, useSelectionPricing } from './selection-summary';
import { SlotChoice } from './slot-choice';
import { slotsByDay, useCalendarDays } from './use-calendar-days';
import { ValidityCalendar } from './validity-calendar';
import { RenewalDisclosure } from '../season-pass/renewal-disclosure';

type AddState = { kind: 'idle' } | { kind: 'added' } | { kind: 'problem'; problem: BasketProblem };

interface ConfiguratorProps {
  product: ProductDto;
  language: Language;
  /** enableNewBookingPages: numbered steps beside a summary that stays in view */
  redesigned: boolean;
  /** priceInsightWidget: how the chosen day's price compares */
  priceInsight: boolean;
}

/**
 * Person types, duration, validity day or slot, a summary and "Add to basket" for one product. On a
 * phone the total and the button stay at the bottom of the screen; the button keeps the focus while it
 * adds (aria-disabled, not disabled) and the outcome takes it afterwards.
 */
export function ProductConfigurator({ product, language, redesigned, priceInsight }: ConfiguratorProps) {
  const intl = useIntl();
  const { search } = useLocation();
  const durationId = useId();
  const model = useMemo(() => toModelProduct(product), [product]);
  const mode = bookingModeOf(product);
  const personTypes = useMemo(() => personTypesOf(product), [product]);
  const durations = useMemo(() => durationsOf(product), [product]);
  const zone = product.pool.timezone;

  const [quantities, setQuantities] = useState<Record<string, number>>({ [personTypes[0]!.value]: 1 });
  const [duration, setDuration] = useState<string | null>(durations[0]?.value ?? null);
  const [startDay, setStartDay] = useState<string | null>(null);
  const [slot, setSlot] = useState<ServerSlot | null>(null);
  const [addState, setAddState] = useState<AddState>({ kind: 'idle' });
  const { add, isAdding } = useAddToBasket();

  const { data: nextSlot, isLoading: nextSlotLoading } = useGetNextSlotQuery(
    mode === 'slot' ? product.id : skipToken,
  );
  const [chosenMonth, setMonth] = useState<string | null>(null);
  const month = chosenMonth ?? firstMonth(product, DateTime.fromJSDate(shopNow()), nextSlot?.from);
  const slotRange = { productId: product.id, from: `${month}-01`, to: `${shiftMonth(month, 1)}-01` };
  const { data: monthSlots } = useGetSlotsQuery(mode === 'slot' ? slotRange : skipToken);

  const pricedPersonType =
    Object.entries(quantities).find(([, quantity]) => quantity > 0)?.[0] ?? personTypes[0]!.value;
  const pricedDefinition = product.productDefinitions.find(
    (candidate) => candidate.id === definitionFor(model, pricedPersonType, duration)?.id,
  );
  const { days, isFetching } = useCalendarDays(product, mode, pricedDefinition, month, monthSlots);
  const needed = Object.values(quantities).reduce((sum, quantity) => sum + quantity, 0);
  const daySlots =
    startDay && monthSlots ? (slotsByDay(monthSlots, zone, pricedDefinition?.id).get(startDay) ?? []) : null;

  const choices = { startDay, duration, quantities, slot };
  const payPerUse = isPayPerUse(product);
  // pay per use registers one keycard per entry, and a season pass is loaded onto one keycard: two adults
  // are two lines, each with its own card (§4 split)
  const onePerCard = payPerUse || isLoadedOntoKeycard(product);
  const drafts = useMemo(() => {
    const entries = draftEntries(model, mode, { startDay, duration, quantities, slot });
    return onePerCard ? entries.flatMap((entry) => splitByQuantity(entry)) : entries;
  }, [model, mode, startDay, duration, quantities, slot, onePerCard]);
  const ready = draftsReady(mode, choices, drafts) && !isAdding;
  const pricing = useSelectionPricing(drafts, language);
  const chosenDay =
    mode === 'slot' && slot ? DateTime.fromJSDate(slot.from).setZone(zone).toISODate() : startDay;
  const chosenDayPrice = chosenDay
    ? (days.find((candidate) => candidate?.date === chosenDay)?.price?.amount ?? null)
    : null;

  const chooseDay = (day: string) => {
    setStartDay(day);
    setAddState({ kind: 'idle' });
    // §4: when exactly one slot matches the day, it is assigned.
    const candidates = monthSlots ? (slotsByDay(monthSlots, zone, pricedDefinition?.id).get(day) ?? []) : [];
    setSlot(candidates.length === 1 ? candidates[0]! : null);
  };
  const onAdd = async () => {
    if (!ready) return;
    const outcome = await add(drafts);
    setAddState(outcome.ok ? { kind: 'added' } : { kind: 'problem', problem: outcome.problem });
  };
  const season = product.productAvailabilityRanges[0];
  const day = (text: string) =>
    intl.formatDate(DateTime.fromISO(text).toJSDate(), { dateStyle: 'long', timeZone: 'UTC' });

  const step = (number: number, text: string) => (redesigned ? `${number}. ${text}` : text);
  return (
    <form
      className={redesigned ? 'configurator configurator-steps' : 'configurator'}
      onSubmit={(event) => (event.preventDefault(), void onAdd())}
    >
      <div className="configurator-choices">
        <PersonTypeFields
          legend={step(1, intl.formatMessage(productPageMessages.personTypesLegend))}
          choices={personTypes}
          quantities={quantities}
          onChange={(type, quantity) => setQuantities({ ...quantities, [type]: quantity })}
        />
        {durations.length > 1 && (
          <div className="field">
            <label htmlFor={durationId}>{intl.formatMessage(productPageMessages.durationLabel)}</label>
            <select
              id={durationId}
              value={duration ?? ''}
              onChange={(event) => setDuration(event.target.value)}
            >
              {durations.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          </div>
        )}
        {mode === 'season' && season && (
          <p className="season">
            {intl.formatMessage(productPageMessages.season, {
              name: season.name,
              from: day(season.from),
              to: day(season.to),
            })}
          </p>
        )}
        {mode === 'season' && season && product.fromPrice && (
          <RenewalDisclosure
            price={pricedDefinition?.basePrice ?? product.fromPrice}
            from={season.from}
            to={season.to}
            timezone={zone}
          />
        )}
        {/* the calendar's place is kept while the first month with a slot is looked up */}
        {mode === 'slot' && nextSlotLoading && <div className="calendar-placeholder" aria-hidden="true" />}
        {(mode === 'days' || mode === 'slot') && !(mode === 'slot' && nextSlotLoading) && (
          <ValidityCalendar
            legend={step(
              2,
              intl.formatMessage(
                mode === 'slot' ? productPageMessages.slotDayLegend : productPageMessages.validityLegend,
              ),
            )}
            month={month}
            days={days}
            selected={startDay}
            timezone={zone}
            isFetching={isFetching}
            onSelect={chooseDay}
            onMonthChange={setMonth}
          />
        )}
        {mode === 'slot' && (
          <SlotChoice
            legend={step(3, intl.formatMessage(productPageMessages.slotsLegend))}
            slots={daySlots}
            selectedId={slot?.id ?? null}
            needed={needed}
            timezone={zone}
            onSelect={setSlot}
          />
        )}
        {priceInsight && pricedDefinition && chosenDay && (
          <PriceInsight productDefinitionId={pricedDefinition.id} day={chosenDay} amount={chosenDayPrice} />
        )}
      </div>
      <aside className="configurator-summary" aria-labelledby="summary-heading">
        <h2 id="summary-heading">{intl.formatMessage(productPageMessages.summaryHeading)}</h2>
        <SelectionSummary product={product} drafts={drafts} pricing={pricing} />
      </aside>
      {addState.kind === 'added' && (
        <div className="add-outcome">
          <Announcement text={intl.formatMessage(productPageMessages.added)} />
          <Link className="button" to={withPageToken(`/${language}/basket`, search)}>
            {intl.formatMessage(productPageMessages.goToBasket)}
          </Link>
        </div>
      )}
      {addState.kind === 'problem' && (
        <p role="alert" className="notice-problem add-outcome">
          {intl.formatMessage(basketMessages[addState.problem])}
        </p>
      )}
      {/* a child of the form, not of the summary: it stays at the bottom of the screen while the form is in view */}
      <div className="add-bar">
        {drafts.length > 0 && <SelectionTotal pricing={pricing} payPerUse={payPerUse} />}
        <button type="submit" aria-disabled={!ready}>
          {intl.formatMessage(isAdding ? productPageMessages.adding : productPageMessages.addToBasket)}
        </button>
      </div>
    </form>
  );
}
