import { z } from 'zod';
import { localizedText } from '../languages';

/** §3 Content documents imported from the content system. */
export const contentDocumentKinds = [
  'season',
  'availabilityRange',
  'availableMedium',
  'pool',
  'productCategory',
  'internalProduct',
  'productDefinition',
  'discounts',
  'attributeLabels',
  'page',
] as const;
export const contentDocumentKind = z.enum(contentDocumentKinds);
export type ContentDocumentKind = z.infer<typeof contentDocumentKind>;

/** Every document has id, creation time, update time and revision. */
export const contentDocumentBase = z.object({
  id: z.string().min(1),
  kind: contentDocumentKind,
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  revision: z.string().min(1),
});
export type ContentDocumentBase = z.infer<typeof contentDocumentBase>;

export const attributeBounds = { minAge: 0, minYear: 1900, maxYear: 2100 } as const;

/** An attribute (e.g. age or duration) with its label per language and optional age/year bounds. */
export const contentAttribute = z.object({
  displayName: localizedText,
  identifier: z.string().min(1),
  value: z.string().min(1),
  minAge: z.number().int().min(attributeBounds.minAge).optional(),
  maxAge: z.number().int().optional(),
  minYear: z.number().int().min(attributeBounds.minYear).optional(),
  maxYear: z.number().int().max(attributeBounds.maxYear).optional(),
});
export type ContentAttribute = z.infer<typeof contentAttribute>;

/** A product as the content system describes it: peProductId links it to the pricing engine. */
export const contentProduct = contentDocumentBase.extend({
  peProductId: z.number().int().positive(),
});
export type ContentProduct = z.infer<typeof contentProduct>;
