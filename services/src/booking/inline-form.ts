import { formElementIds, type BookingForm, type inlineFormContexts } from '@alpenpass/contracts';

export type InlineContext = (typeof inlineFormContexts)[number];

/** Which elements an inline form shows where it is embedded: a product card in the catalogue asks
 * for dates and persons only; the basket edits every choice of an entry; the checkout shows none. */
const shownElements: Record<InlineContext, (id: string) => boolean> = {
  catalogue: (id) =>
    id === formElementIds.validity || id === formElementIds.personTypes || id === formElementIds.quantity,
  basket: () => true,
  checkout: () => false,
};

export function inlineForm(
  form: BookingForm,
  context: InlineContext,
): BookingForm & { context: InlineContext } {
  return {
    ...form,
    context,
    elements: form.elements.filter((element) => shownElements[context](element.id)),
  };
}
