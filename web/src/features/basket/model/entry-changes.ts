import { parseDuration, durationFitsRange } from '@alpenpass/contracts/src/duration';
import {
  attributesMatch,
  bestFitDefinition,
  definitionWithAttributes,
  requiredDefinitionFor,
  sharesAge,
} from './definition-matching';
import { inZone, withValidity } from './validity';
import {
  consoleLogger,
  DURATION_ATTRIBUTE,
  type Attributes,
  type BasketEntry,
  type BasketLogger,
  type ProductDefinition,
  type Validity,
} from './types';

interface AttributeChange {
  name: string;
  value: string;
}

/** §4: child products are re-matched to the parent's definition: the required one, else a best fit of the same age. */
function rematchChild(child: BasketEntry, parent: ProductDefinition): BasketEntry {
  const required = requiredDefinitionFor(parent, child.product.id, child.product.productDefinitions);
  if (required) return { ...child, productDefinition: required };
  if (sharesAge(child.productDefinition, parent)) return child;
  const bestFit = bestFitDefinition(child.product.productDefinitions, parent);
  return bestFit ? { ...child, productDefinition: bestFit } : child;
}

/** An attribute change cascades to every child that has the attribute. */
function cascade(child: BasketEntry, changes: readonly AttributeChange[], logger: BasketLogger): BasketEntry {
  const attributes = child.productDefinition.attributes;
  const relevant = changes.filter(
    ({ name, value }) => attributes[name] !== undefined && attributes[name].value !== value,
  );
  if (relevant.length === 0) return child;
  const wanted = {
    ...attributes,
    ...Object.fromEntries(relevant.map(({ name, value }) => [name, { value }])),
  };
  const match = definitionWithAttributes(child.product.productDefinitions, wanted);
  if (!match) {
    logger.warn('No product definition of the child matches the changed attributes', {
      entryId: child.id,
      attributes: wanted,
    });
    return child;
  }
  return withDefinition(child, match, relevant, logger);
}

function withDefinition(
  entry: BasketEntry,
  definition: ProductDefinition,
  changes: readonly AttributeChange[],
  logger: BasketLogger,
): BasketEntry {
  return {
    ...entry,
    productDefinition: definition,
    children: entry.children.map((child) => rematchChild(cascade(child, changes, logger), definition)),
  };
}

const changedAttributes = (from: ProductDefinition, to: ProductDefinition): AttributeChange[] =>
  Object.entries(to.attributes)
    .filter(([name, attribute]) => from.attributes[name]?.value !== attribute.value)
    .map(([name, attribute]) => ({ name, value: attribute.value }));

const withoutDuration = ({ [DURATION_ATTRIBUTE]: _duration, ...others }: Attributes): Attributes => others;

/**
 * §4: new validity dates; the duration attribute follows to the definition (same other
 * attributes) whose duration fits the range, or a warning is logged and the definition stays.
 */
export function changeDates(
  entry: BasketEntry,
  validity: Validity,
  logger: BasketLogger = consoleLogger,
): BasketEntry {
  const dated = withValidity(entry, validity);
  const current = entry.productDefinition.attributes[DURATION_ATTRIBUTE];
  if (!current) return dated;
  const zone = entry.product.pool.timezone;
  const from = inZone(validity.from, zone);
  const to = inZone(validity.to, zone);
  const fits = (definition: ProductDefinition) => {
    const duration = parseDuration(definition.attributes[DURATION_ATTRIBUTE]?.value ?? '');
    return duration !== undefined && durationFitsRange(duration, from, to);
  };
  if (fits(entry.productDefinition)) return dated;
  const others = withoutDuration(entry.productDefinition.attributes);
  const match = entry.product.productDefinitions.find(
    (definition) => fits(definition) && attributesMatch(withoutDuration(definition.attributes), others),
  );
  if (!match) {
    logger.warn('No product definition has a duration matching the date range', {
      entryId: entry.id,
      validity,
    });
    return dated;
  }
  return withDefinition(dated, match, changedAttributes(entry.productDefinition, match), logger);
}

/** Required children follow the parent's quantity (count per parent); other children keep theirs. */
export function changeQuantity(entry: BasketEntry, quantity: number): BasketEntry {
  if (!Number.isInteger(quantity) || quantity < 1)
    throw new RangeError('Quantity must be a whole number of at least 1');
  return {
    ...entry,
    quantity,
    children: entry.children.map((child) => {
      const required = entry.productDefinition.requiredProductDefinitions.find(
        (r) => r.requiredProductDefinitionId === child.productDefinition.id,
      );
      return required ? { ...child, quantity: required.count * quantity } : child;
    }),
  };
}
