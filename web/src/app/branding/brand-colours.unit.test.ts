import { brandVariables, contrastRatio, textOn } from './brand-colours';

describe('the channel branding as CSS variables', () => {
  it('computes WCAG contrast', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBeCloseTo(1, 5);
  });

  it('puts white text on dark brand colours and dark text on light ones', () => {
    expect(textOn('#1d5d8f')).toBe('#ffffff');
    expect(textOn('#f6c26b')).toBe('#1a1a1a');
  });

  it('sets only what the operator chose, and no link colour that is unreadable on white', () => {
    expect(brandVariables(undefined)).toEqual({});
    expect(
      brandVariables({
        logoUrl: null,
        primaryColor: '#1d5d8f',
        accentColor: null,
        fontFamily: 'Inter, sans-serif',
      }),
    ).toEqual({
      '--brand-primary': '#1d5d8f',
      '--brand-on-primary': '#ffffff',
      '--brand-link': '#1d5d8f',
      '--brand-font': 'Inter, sans-serif',
    });
    expect(
      brandVariables({ logoUrl: null, primaryColor: '#ffe08a', accentColor: '#d9643b', fontFamily: null }),
    ).toEqual({
      '--brand-primary': '#ffe08a',
      '--brand-on-primary': '#1a1a1a',
      '--brand-accent': '#d9643b',
      '--brand-on-accent': '#1a1a1a',
    });
  });
});
