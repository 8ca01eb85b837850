import type { BookingForm } from '@alpenpass/contracts';
import { elementsOf } from './form-elements';
import { writeChoices, type Choices } from './form-state';
import type { JourneyFacts } from './journey-facts';
import { resolveSelection } from './resolve-selection';
import { basketItemsOf, bookingItemsOf, isComplete, totalOf } from './selection-items';

/** The unified view: elements with options, what the choices resolve to, and the resulting items. */
export function computeForm(facts: JourneyFacts, choices: Choices): BookingForm {
  const resolution = resolveSelection(facts, choices);
  const basketItems = basketItemsOf(facts, resolution);
  return {
    productId: facts.product.id,
    productKind: facts.product.kind,
    timezone: facts.product.pool.timezone,
    media: facts.product.media,
    formState: writeChoices(resolution.choices),
    elements: elementsOf(facts, resolution),
    complete: isComplete(resolution),
    missing: resolution.missing,
    problems: resolution.problems,
    productDefinitionIds: [
      ...new Set(resolution.lines.flatMap((line) => (line.definition ? [line.definition.id] : []))),
    ],
    basketItems,
    items: bookingItemsOf(basketItems),
    total: totalOf(basketItems),
  };
}
