import { createEmailAddress, emailAddress, lowerCasedEmailAddress } from './email';

const message = 'Invalid Email according to Auth0 email validation guidelines';

describe('emailAddress', () => {
  it.each([
    'anna@example.ch',
    'first.last+tag@sub.example.co.uk',
    "o'brien@example.ie",
    ' spaced@example.com ',
    'x_y-z@a-b.example',
  ])('accepts %j', (input) => {
    expect(emailAddress.parse(input)).toBe(input.trim());
  });

  it.each([
    '',
    'plain',
    '@example.com',
    'a@',
    'a@b',
    'a@b.c',
    'a b@example.com',
    'a..b@example.com',
    '.a@example.com',
    'a@-example.com',
    'a@example..com',
    `${'a'.repeat(250)}@example.com`,
    42,
  ])('rejects %j', (input) => {
    expect(emailAddress.safeParse(input).error?.issues[0]?.message).toBe(message);
  });

  it('takes a custom message', () => {
    expect(createEmailAddress('Bad mail').safeParse('x').error?.issues[0]?.message).toBe('Bad mail');
  });

  it('lower-cases for account creation', () => {
    expect(lowerCasedEmailAddress.parse('Anna.Muster@Example.CH')).toBe('anna.muster@example.ch');
  });
});
