import { defineMessage, defineMessages } from 'react-intl';

export const keycardMessages = {
  ...defineMessages({
    title: { id: 'keycards.title', defaultMessage: 'Keycards and passes' },
    description: {
      id: 'keycards.description',
      defaultMessage:
        'The cards your tickets are loaded onto, and the passes and licence plates that identify you.',
    },
    loading: { id: 'keycards.loading', defaultMessage: 'Loading your keycards…' },
    loadFailed: {
      id: 'keycards.loadFailed',
      defaultMessage: 'Your keycards cannot be loaded right now. Please try again later.',
    },
    none: { id: 'keycards.none', defaultMessage: 'You have not added a keycard yet.' },
    readOnly: {
      id: 'keycards.readOnly',
      defaultMessage: 'Keycards cannot be added or deleted at the moment.',
    },
    number: { id: 'keycards.number', defaultMessage: 'Number' },
    holder: { id: 'keycards.holder', defaultMessage: 'For' },
    status: { id: 'keycards.status', defaultMessage: 'Status' },
    validity: { id: 'keycards.validity', defaultMessage: 'Valid' },
    statusACTIVE: { id: 'keycards.status.active', defaultMessage: 'Active' },
    statusCANCELLED: { id: 'keycards.status.cancelled', defaultMessage: 'Deleted' },
    statusEXPIRED: { id: 'keycards.status.expired', defaultMessage: 'Expired' },
    typeSKIDATA: { id: 'keycards.type.skidata', defaultMessage: 'SKIDATA keycard' },
    typeAXESS: { id: 'keycards.type.axess', defaultMessage: 'AXESS keycard' },
    typeSWISSPASS: { id: 'keycards.type.swisspass', defaultMessage: 'SwissPass' },
    typeSWISSTRAVELPASS: { id: 'keycards.type.swisstravelpass', defaultMessage: 'Swiss Travel Pass' },
    typeFERATEL: { id: 'keycards.type.feratel', defaultMessage: 'FERATEL card' },
    typeEUINTERRAIL: { id: 'keycards.type.euinterrail', defaultMessage: 'Interrail Pass' },
    typeLICENSEPLATE: { id: 'keycards.type.licenseplate', defaultMessage: 'Licence plate' },
    removed: { id: 'keycards.removed', defaultMessage: 'The keycard was deleted.' },
    removeFailed: {
      id: 'keycards.removeFailed',
      defaultMessage: 'The keycard could not be deleted. Please try again.',
    },
    addHeading: { id: 'keycards.addHeading', defaultMessage: 'Add a keycard' },
    add: { id: 'keycards.add', defaultMessage: 'Add keycard' },
    added: { id: 'keycards.added', defaultMessage: 'The keycard was added.' },
    person: { id: 'keycards.person', defaultMessage: 'Person' },
    type: { id: 'keycards.type', defaultMessage: 'Type of card' },
    noPersons: {
      id: 'keycards.noPersons',
      defaultMessage: 'Add yourself or a person you book for first: every keycard belongs to a person.',
    },
    personsLink: { id: 'keycards.personsLink', defaultMessage: 'Go to persons' },
    fieldZip: { id: 'keycards.field.zip', defaultMessage: 'Postcode of the holder' },
    fieldCardId: { id: 'keycards.field.cardId', defaultMessage: 'Card number' },
    fieldPassId: { id: 'keycards.field.passId', defaultMessage: 'Pass number' },
    fieldCountryCode: { id: 'keycards.field.countryCode', defaultMessage: 'Country of the plate' },
    fieldValidityFrom: { id: 'keycards.field.validityFrom', defaultMessage: 'Valid from' },
    fieldValidityTo: { id: 'keycards.field.validityTo', defaultMessage: 'Valid until' },
    problemRequired: { id: 'keycards.problem.required', defaultMessage: 'Please fill in this field.' },
    problemFormatDataCarrierId: {
      id: 'keycards.problem.dataCarrierId',
      defaultMessage:
        'A SKIDATA number has 23 digits and its last digit must match the others: please check the number.',
    },
    problemFormatWtp: {
      id: 'keycards.problem.wtp',
      defaultMessage: 'A WTP number has 14 letters or digits.',
    },
    problemFormatAusweisId: {
      id: 'keycards.problem.ausweisId',
      defaultMessage: 'A SwissPass card number is the letter S and 11 digits.',
    },
    problemFormatZip: {
      id: 'keycards.problem.zip',
      defaultMessage: 'Please enter a Swiss postcode of 4 digits.',
    },
    problemFormatPassNumber: {
      id: 'keycards.problem.passNumber',
      defaultMessage: 'This number has 6 to 30 letters or digits.',
    },
    problemValidityOrder: {
      id: 'keycards.problem.validityOrder',
      defaultMessage: 'The end must not be before the start.',
    },
    problemLimit: {
      id: 'keycards.problem.limit',
      defaultMessage: 'This person already has an active card of this type.',
    },
    problemRegistered: {
      id: 'keycards.problem.registered',
      defaultMessage: 'This card is registered already.',
    },
    problemPerson: {
      id: 'keycards.problem.person',
      defaultMessage: 'This person is not part of your account any more.',
    },
    problemOther: {
      id: 'keycards.problem.other',
      defaultMessage: 'The keycard could not be added. Please check your entries.',
    },
  }),
  validityRange: defineMessage<{ from: string; to: string }>(
    { id: 'keycards.validityRange', defaultMessage: '{from} to {to}' },
    { typed: true },
  ),
  // each example is `exampleOfField` (keycard-fields.ts), which a unit test runs through the validators
  fieldDataCarrierId: defineMessage<{ example: string }>(
    { id: 'keycards.field.dataCarrierId', defaultMessage: 'Data carrier number (e.g. {example})' },
    { typed: true },
  ),
  fieldWtp: defineMessage<{ example: string }>(
    { id: 'keycards.field.wtp', defaultMessage: 'WTP number (e.g. {example})' },
    { typed: true },
  ),
  fieldAusweisId: defineMessage<{ example: string }>(
    { id: 'keycards.field.ausweisId', defaultMessage: 'SwissPass card number (e.g. {example})' },
    { typed: true },
  ),
  fieldLicensePlate: defineMessage<{ example: string }>(
    { id: 'keycards.field.licensePlate', defaultMessage: 'Licence plate (e.g. {example})' },
    { typed: true },
  ),
  remove: defineMessage<{ card: string }>(
    { id: 'keycards.remove', defaultMessage: 'Delete {card}' },
    { typed: true },
  ),
};
