import { renewalValidity } from './renewal-season';

const zone = 'Europe/Zurich';
// valid through 2031-04-12 (Zurich): it expires at the start of 2031-04-13
const ended = { expiresAt: '2031-04-12T22:00:00.000Z' };
const winter30 = { from: '2030-12-05', to: '2031-04-12' };
const winter31 = { from: '2031-12-04', to: '2032-04-11' };
const winter32 = { from: '2032-12-02', to: '2033-04-10' };

describe('renewalValidity', () => {
  it('given the next season on sale, then the renewal covers it from its first day', () => {
    expect(renewalValidity(ended, [winter32, winter30, winter31], zone, '2031-04-13')).toEqual(winter31);
  });

  it('given the next season already running, then the renewal starts today', () => {
    expect(renewalValidity(ended, [winter31], zone, '2031-12-20')).toEqual({
      from: '2031-12-20',
      to: winter31.to,
    });
  });

  it('given a season that ends right after the old one, then it starts on the day after the last valid day', () => {
    expect(renewalValidity(ended, [{ from: '2031-04-01', to: '2031-06-30' }], zone, '2031-04-13')).toEqual({
      from: '2031-04-13',
      to: '2031-06-30',
    });
  });

  it('given no later season in the catalogue, then there is nothing to renew into', () => {
    expect(renewalValidity(ended, [winter30], zone, '2031-04-13')).toBeNull();
    expect(renewalValidity(ended, [], zone, '2031-04-13')).toBeNull();
  });
});
