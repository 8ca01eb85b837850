import { AGE_ATTRIBUTE, DURATION_ATTRIBUTE, type Language } from '@alpenpass/contracts';
import type { CatalogueDefinitionCore, CatalogueProduct } from '@alpenpass/projections/src/catalogue';
import { parseDuration } from '@alpenpass/contracts/src/duration';
import { durationRank } from './duration';

export interface PersonType {
  value: string;
  label: string;
  minAge?: number;
  maxAge?: number;
}

export interface ChoosableAttribute {
  identifier: string;
  values: { value: string; label: string }[];
}

export function attributesOf(definition: CatalogueDefinitionCore): Map<string, string> {
  return new Map(definition.attributes.map((attribute) => [attribute.identifier, attribute.value]));
}

/** The person types a product offers: its definitions' age values, in catalogue order. */
export function personTypesOf(product: CatalogueProduct, language: Language): PersonType[] {
  const types = new Map<string, PersonType>();
  for (const definition of product.productDefinitions) {
    const age = definition.attributes.find((attribute) => attribute.identifier === AGE_ATTRIBUTE);
    if (!age || types.has(age.value)) continue;
    types.set(age.value, {
      value: age.value,
      label: age.displayName[language],
      minAge: age.minAge,
      maxAge: age.maxAge,
    });
  }
  return [...types.values()];
}

/** Attributes other than age with more than one value: the customer chooses them (duration 2d…7d).
 * An attribute with a single value is fixed and needs no choice. */
export function choosableAttributes(product: CatalogueProduct, language: Language): ChoosableAttribute[] {
  const byIdentifier = new Map<string, Map<string, string>>();
  for (const definition of product.productDefinitions) {
    for (const attribute of definition.attributes) {
      if (attribute.identifier === AGE_ATTRIBUTE) continue;
      const values = byIdentifier.get(attribute.identifier) ?? new Map<string, string>();
      if (!values.has(attribute.value)) values.set(attribute.value, attribute.displayName[language]);
      byIdentifier.set(attribute.identifier, values);
    }
  }
  return [...byIdentifier.entries()]
    .filter(([, values]) => values.size > 1)
    .map(([identifier, values]) => {
      const list = [...values.entries()].map(([value, label]) => ({ value, label }));
      if (identifier === DURATION_ATTRIBUTE)
        list.sort((a, b) => durationRank(parseDuration(a.value)) - durationRank(parseDuration(b.value)));
      return { identifier, values: list };
    });
}

/** §5 age rule: two definitions may go together unless both have an age attribute and they differ. */
export function sameAgeWhereBothHaveOne(a: CatalogueDefinitionCore, b: CatalogueDefinitionCore): boolean {
  const ageA = attributesOf(a).get(AGE_ATTRIBUTE);
  const ageB = attributesOf(b).get(AGE_ATTRIBUTE);
  return ageA === undefined || ageB === undefined || ageA === ageB;
}

function equalAttributes(a: CatalogueDefinitionCore, b: CatalogueDefinitionCore): number {
  const other = attributesOf(b);
  return [...attributesOf(a).entries()].filter(([identifier, value]) => other.get(identifier) === value)
    .length;
}

/**
 * §5 best fit: among the candidates that keep the age rule, the one with the most attributes equal
 * to `reference`; ties go to `preferredId` (the definition the catalogue lists), then the lowest id.
 */
export function bestFit(
  reference: CatalogueDefinitionCore,
  candidates: CatalogueDefinitionCore[],
  preferredId?: number,
): CatalogueDefinitionCore | null {
  const fitting = candidates.filter((candidate) => sameAgeWhereBothHaveOne(reference, candidate));
  const ranked = fitting
    .map((candidate) => ({
      candidate,
      score: equalAttributes(reference, candidate) * 2 + (candidate.id === preferredId ? 1 : 0),
    }))
    .sort((a, b) => b.score - a.score || a.candidate.id - b.candidate.id);
  return ranked[0]?.candidate ?? null;
}

/**
 * The definition a selection resolves to: its age (person type) equal where the definition has one,
 * and every chosen attribute equal. Unchosen attributes may take any value; among several matches
 * the one with the fewest attributes left open wins, then the lowest id. Null when none matches.
 */
export function matchDefinition(
  definitions: CatalogueDefinitionCore[],
  selection: { age: string | null; attributes: Record<string, string> },
): CatalogueDefinitionCore | null {
  const matches = definitions.filter((definition) => {
    const attributes = attributesOf(definition);
    const age = attributes.get(AGE_ATTRIBUTE);
    if (selection.age !== null && age !== undefined && age !== selection.age) return false;
    return Object.entries(selection.attributes).every(
      ([identifier, value]) => attributes.get(identifier) === value,
    );
  });
  const open = (definition: CatalogueDefinitionCore) =>
    definition.attributes.filter(
      (a) => a.identifier !== AGE_ATTRIBUTE && !(a.identifier in selection.attributes),
    ).length;
  const ageMiss = (definition: CatalogueDefinitionCore) =>
    attributesOf(definition).get(AGE_ATTRIBUTE) === (selection.age ?? undefined) ? 0 : 1;
  return [...matches].sort((a, b) => ageMiss(a) - ageMiss(b) || open(a) - open(b) || a.id - b.id)[0] ?? null;
}

/** The required definitions of `definition`, each matched by age to the parent (§5). */
export function requiredChildren(
  definition: CatalogueProduct['productDefinitions'][number],
  requiredProductDefinitions: CatalogueDefinitionCore[],
): { definition: CatalogueDefinitionCore; count: number }[] {
  return definition.requiredProductDefinitions.flatMap(({ requiredProductDefinition: listed, count }) => {
    const siblings = requiredProductDefinitions.filter(
      (candidate) => candidate.productId === listed.productId,
    );
    const chosen = bestFit(definition, siblings.length > 0 ? siblings : [listed], listed.id);
    return chosen ? [{ definition: chosen, count }] : [];
  });
}
