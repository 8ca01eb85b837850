import { escapeLiteral } from 'pg';
import type { PreparedEvent } from './event-envelope';

/** The one-trip appends send their values as escaped literals (the simple protocol has no parameters). */

export const positionSequence = `pg_get_serial_sequence('events', 'global_position')`;

export const textArray = (values: string[], type: string) =>
  `array[${values.map(escapeLiteral).join(', ')}]::${type}[]`;

/** The events' id, type, data and metadata as the four arrays an `unnest(…)` takes, in the events' order. */
export const eventColumnArrays = (events: PreparedEvent[]) =>
  [
    textArray(
      events.map((event) => event.eventId),
      'uuid',
    ),
    textArray(
      events.map((event) => event.type),
      'text',
    ),
    textArray(
      events.map((event) => JSON.stringify(event.data)),
      'jsonb',
    ),
    textArray(
      events.map((event) => JSON.stringify(event.metadata)),
      'jsonb',
    ),
  ].join(', ');
