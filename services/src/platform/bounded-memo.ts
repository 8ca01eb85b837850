/**
 * Remembers the answers of a pure function of one string key, up to `capacity` keys (then it starts
 * again from empty). For hot paths that repeat the same costly computation on the same input, such
 * as a slot's time zone conversions on every add to that slot.
 */
export function boundedMemo<Value>(
  compute: (key: string) => Value,
  capacity = 10_000,
): (key: string) => Value {
  const answers = new Map<string, Value>();
  return (key) => {
    let value = answers.get(key);
    if (value === undefined && !answers.has(key)) {
      value = compute(key);
      if (answers.size >= capacity) answers.clear();
      answers.set(key, value);
    }
    return value as Value;
  };
}
