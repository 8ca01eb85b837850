import { AGE_ATTRIBUTE, type Attributes, type ProductDefinition } from './types';

const attributeNames = (attributes: Attributes) => Object.keys(attributes).sort();

/** Same attribute names with the same values. */
export function attributesMatch(left: Attributes, right: Attributes): boolean {
  const names = attributeNames(left);
  const otherNames = attributeNames(right);
  return (
    names.length === otherNames.length &&
    names.every((name, index) => name === otherNames[index] && left[name]?.value === right[name]?.value)
  );
}

/** §4: the definition whose attributes all match, if any. */
export function definitionWithAttributes(
  definitions: readonly ProductDefinition[],
  wanted: Attributes,
): ProductDefinition | undefined {
  return definitions.find((definition) => attributesMatch(definition.attributes, wanted));
}

/** §5: a required or best-fit definition must share the age attribute where both have one. */
export function sharesAge(candidate: ProductDefinition, target: ProductDefinition): boolean {
  const candidateAge = candidate.attributes[AGE_ATTRIBUTE];
  const targetAge = target.attributes[AGE_ATTRIBUTE];
  return !candidateAge || !targetAge || candidateAge.value === targetAge.value;
}

const equalAttributeCount = (candidate: ProductDefinition, target: ProductDefinition) =>
  Object.entries(candidate.attributes).filter(
    ([name, attribute]) => target.attributes[name]?.value === attribute.value,
  ).length;

/** §5: among definitions of the same age, the one with the most attributes equal to the target's. */
export function bestFitDefinition(
  candidates: readonly ProductDefinition[],
  target: ProductDefinition,
): ProductDefinition | undefined {
  let best: ProductDefinition | undefined;
  let bestScore = -1;
  for (const candidate of candidates) {
    if (!sharesAge(candidate, target)) continue;
    const score = equalAttributeCount(candidate, target);
    if (score > bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}

/** The definition of `productId` that `parent` requires, when its age fits (§5). */
export function requiredDefinitionFor(
  parent: ProductDefinition,
  productId: number,
  childDefinitions: readonly ProductDefinition[],
): ProductDefinition | undefined {
  for (const required of parent.requiredProductDefinitions) {
    const definition =
      childDefinitions.find((candidate) => candidate.id === required.requiredProductDefinitionId) ??
      required.requiredProductDefinition;
    if (definition && definition.productId === productId && sharesAge(definition, parent)) return definition;
  }
  return undefined;
}
