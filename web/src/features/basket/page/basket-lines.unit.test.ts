import type { ServerEntry } from '../server-types';
import { lineKeys, orderedLines } from './basket-lines';

const entry = (
  id: string,
  definitionId: number,
  from: string | null,
  slotId: number | null = null,
): ServerEntry =>
  ({
    id,
    productId: Math.floor(definitionId / 10),
    productDefinitionId: definitionId,
    slotId,
    validity: from ? { from: new Date(from), to: new Date(from) } : null,
  }) as ServerEntry;

describe('the basket page’s lines', () => {
  it('are ordered by first day, then product and definition; undated lines last', () => {
    const lines = orderedLines([
      entry('a', 1061, null),
      entry('b', 1031, '2026-12-02T09:00:00Z', 7),
      entry('c', 1011, '2026-12-01T00:00:00Z'),
      entry('d', 1012, '2026-12-01T00:00:00Z'),
    ]);
    expect(lines.map((line) => line.id)).toEqual(['c', 'd', 'b', 'a']);
  });

  it('keep their place and key when an entry comes back with a new id (a quantity change)', () => {
    const before = orderedLines([
      entry('old', 1031, '2026-12-02T09:00:00Z', 7),
      entry('pass', 1011, '2026-12-03T00:00:00Z'),
    ]);
    const after = orderedLines([
      entry('pass', 1011, '2026-12-03T00:00:00Z'),
      entry('new', 1031, '2026-12-02T09:00:00Z', 7),
    ]);
    expect(lineKeys(after)).toEqual(lineKeys(before));
    expect(after[0]?.id).toBe('new');
  });

  it('tell two equal lines apart', () => {
    const keys = lineKeys([
      entry('a', 1011, '2026-12-01T00:00:00Z'),
      entry('b', 1011, '2026-12-01T00:00:00Z'),
    ]);
    expect(new Set(keys).size).toBe(2);
  });
});
