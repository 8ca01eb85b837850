import { customFormValues, type CustomFormFieldDefinition } from '@alpenpass/contracts';

/**
 * The operator's checkout conditions (§3 custom form fields), per sales channel. The shop serves one
 * client and one web channel (§1), so they are configured here in code: a channel id maps to its
 * fields, any other channel gets the default. The demo asks every customer to accept the terms and
 * offers an optional note for the lift staff.
 */
export const defaultCheckoutConditions: CustomFormFieldDefinition[] = [
  {
    name: 'acceptTerms',
    kind: 'checkbox',
    required: true,
    enabled: true,
    label: 'I accept the terms and conditions',
    labels: {
      de: 'Ich akzeptiere die AGB',
      en: 'I accept the terms and conditions',
      fr: 'J’accepte les conditions générales',
    },
    pageSlug: 'terms',
    sortOrder: 1,
  },
  {
    name: 'noteForStaff',
    kind: 'text',
    required: false,
    enabled: true,
    max: 500,
    label: 'Note for the staff at the valley station',
    labels: {
      de: 'Hinweis für das Personal an der Talstation',
      en: 'Note for the staff at the valley station',
      fr: 'Remarque pour le personnel de la station',
    },
    sortOrder: 2,
  },
];

export type CheckoutConditionsByChannel = Record<string, CustomFormFieldDefinition[]>;

export function conditionFieldsFor(
  byChannel: CheckoutConditionsByChannel,
  channelId: string | undefined,
): CustomFormFieldDefinition[] {
  return (channelId !== undefined ? byChannel[channelId] : undefined) ?? defaultCheckoutConditions;
}

/** Whether the given values satisfy every required field (payment may start). */
export function conditionsComplete(
  fields: readonly CustomFormFieldDefinition[],
  values: Record<string, unknown>,
): boolean {
  return customFormValues(fields).safeParse(values).success;
}
