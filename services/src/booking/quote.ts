import type { CatalogueProductDefinition } from '@alpenpass/projections/src/catalogue';
import { matchDefinition, personTypesOf, requiredChildren } from './definition-match';
import type { Choices } from './form-state';
import { sumPrices, unitPrice, type JourneyFacts, type UnitPrice } from './journey-facts';
import { resolveSelection } from './resolve-selection';

/** Price of `quantity` units of a definition with its required children on a day. */
export function definitionPrice(
  facts: JourneyFacts,
  definition: CatalogueProductDefinition,
  date: string,
  quantity = 1,
): UnitPrice {
  const own = unitPrice(facts, definition, date);
  const children = requiredChildren(definition, facts.requiredProductDefinitions).map((required) => {
    const price = unitPrice(facts, required.definition, date);
    return { ...price, amount: price.amount * required.count };
  });
  const total = sumPrices([own, ...children])!;
  return { ...total, amount: total.amount * quantity };
}

/**
 * What the choices would cost: the chosen lines with their children; with no persons chosen yet,
 * the cheapest single ticket that fits the chosen attributes ("from" price). Null when nothing fits.
 */
export function quote(facts: JourneyFacts, choices: Choices): UnitPrice | null {
  const resolution = resolveSelection(facts, choices);
  const resolved = resolution.lines.filter((line) => line.definition);
  if (resolved.length > 0)
    return sumPrices(
      resolved.map((line) => definitionPrice(facts, line.definition!, resolution.priceDate, line.quantity)),
    );
  const ages = personTypesOf(facts.product, facts.language).map((type) => type.value);
  const candidates = (ages.length > 0 ? ages : [null]).flatMap((age) => {
    const definition = matchDefinition(facts.product.productDefinitions, {
      age,
      attributes: choices.attributes,
    }) as CatalogueProductDefinition | null;
    return definition ? [definitionPrice(facts, definition, resolution.priceDate)] : [];
  });
  return candidates.sort((a, b) => a.amount - b.amount)[0] ?? null;
}
