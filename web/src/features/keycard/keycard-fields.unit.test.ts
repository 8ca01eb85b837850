import { keycardTypes } from '@alpenpass/contracts/src/domain/keycard';
import {
  checkAxessWtp,
  checkSkidataDataCarrierId,
  checkSwissPassId,
} from '@alpenpass/contracts/src/keycard-formats';
import { isLicencePlate } from '@alpenpass/contracts/src/validators/licence-plate-text';
import { exampleOfField, fieldsOfType, isExampleField, keycardProblems } from './keycard-fields';

describe('the example numbers in the keycard labels', () => {
  it("each passes the shop's own validator for its type", () => {
    expect(checkSkidataDataCarrierId(exampleOfField.dataCarrierId)).toMatchObject({ ok: true });
    expect(checkAxessWtp(exampleOfField.wtp)).toMatchObject({ ok: true });
    expect(checkSwissPassId(exampleOfField.ausweisId)).toMatchObject({ ok: true });
    expect(isLicencePlate(exampleOfField.licensePlate)).toBe(true);
  });

  it.each(keycardTypes)("%s: the form's own check finds no format problem in the examples", (type) => {
    const examples = Object.fromEntries(
      fieldsOfType[type].filter(isExampleField).map((field) => [field, exampleOfField[field]]),
    );
    const problems = keycardProblems(type, examples);
    expect(Object.keys(examples).filter((field) => field in problems)).toEqual([]);
  });

  it('the SKIDATA example would fail with another check digit', () => {
    expect(checkSkidataDataCarrierId('01-1614 7255 0123 4567 8901-2')).toMatchObject({ ok: false });
  });
});
