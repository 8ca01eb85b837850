import { toTemporalLogger, type StructuredLogger } from './runtime-logger';

describe('toTemporalLogger', () => {
  const calls: [string, object, string][] = [];
  const record = (level: string) => (fields: object, message: string) =>
    void calls.push([level, fields, message]);
  const pino: StructuredLogger = {
    trace: record('trace'),
    debug: record('debug'),
    info: record('info'),
    warn: record('warn'),
    error: record('error'),
  };
  beforeEach(() => calls.splice(0));

  it('passes the SDK metadata as fields and the message as the pino message', () => {
    toTemporalLogger(pino).warn('Activity failed', { activityType: 'releaseBasketHolds' });
    expect(calls).toEqual([
      ['warn', { activityType: 'releaseBasketHolds', component: 'temporal-worker' }, 'Activity failed'],
    ]);
  });

  it('leaves the activity task token out: it would let a reader complete the activity', () => {
    toTemporalLogger(pino).info('Activity completed', {
      activityType: 'releaseBasketHolds',
      taskToken: 'CiQ2ZjFk',
      attempt: 1,
    });
    expect(calls).toEqual([
      [
        'info',
        { activityType: 'releaseBasketHolds', attempt: 1, component: 'temporal-worker' },
        'Activity completed',
      ],
    ]);
  });

  it('maps every SDK level, including the generic log(level, …), to the pino method', () => {
    const logger = toTemporalLogger(pino);
    logger.trace('t');
    logger.debug('d');
    logger.info('i');
    logger.error('e');
    logger.log('WARN', 'w');
    expect(calls.map(([level, , message]) => `${level}:${message}`)).toEqual([
      'trace:t',
      'debug:d',
      'info:i',
      'error:e',
      'warn:w',
    ]);
  });
});
