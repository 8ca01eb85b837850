import {
  defaultOwnerFieldRules,
  defaultPersonFieldRules,
  deployedOwnerFieldRules,
  personFieldRules,
  personFieldRulesFromEnv,
} from './person';

describe('owner and person field rules (§5)', () => {
  it('has the SPEC defaults', () => {
    expect(defaultOwnerFieldRules).toEqual({
      required: ['firstName', 'lastName', 'birthdate'],
      disabled: ['avatar'],
    });
    expect(defaultPersonFieldRules).toEqual({
      required: ['firstName', 'lastName', 'birthdate'],
      disabled: ['avatar', 'phone'],
    });
    expect(deployedOwnerFieldRules).toEqual({
      required: ['firstName', 'lastName', 'birthdate'],
      disabled: [],
    });
  });

  it('reads person rules from environment lists, keeping defaults for unset lists', () => {
    expect(personFieldRulesFromEnv.parse({ required: 'firstName, lastName', disabled: '' })).toEqual({
      required: ['firstName', 'lastName'],
      disabled: [],
    });
    expect(personFieldRulesFromEnv.parse({})).toEqual(defaultPersonFieldRules);
  });

  it.each([
    [{ required: 'shoeSize' }, 'required'],
    [{ required: 'phone', disabled: 'phone' }, 'disabled'],
  ])('rejects %j', (input, pathHead) => {
    expect(personFieldRulesFromEnv.safeParse(input).error?.issues[0]?.path[0]).toBe(pathHead);
  });

  it('rejects a field that is both required and disabled', () => {
    expect(
      personFieldRules.safeParse({ required: ['avatar'], disabled: ['avatar'] }).error?.issues[0]?.message,
    ).toBe('A person field cannot be both required and disabled');
  });
});
