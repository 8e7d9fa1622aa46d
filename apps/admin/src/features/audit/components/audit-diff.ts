export type DiffRow = { key: string; before: unknown; after: unknown; changed: boolean };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Before/after are free JSON; objects are compared key by key, anything else as one value. */
export function diffRows(before: unknown, after: unknown): DiffRow[] {
  if (isRecord(before) || isRecord(after)) {
    const left = isRecord(before) ? before : {};
    const right = isRecord(after) ? after : {};
    const keys = [...new Set([...Object.keys(left), ...Object.keys(right)])].sort();
    return keys.map((key) => ({
      key,
      before: left[key],
      after: right[key],
      changed: JSON.stringify(left[key]) !== JSON.stringify(right[key]),
    }));
  }
  if (before === null && after === null) return [];
  return [{ key: '', before, after, changed: JSON.stringify(before) !== JSON.stringify(after) }];
}

export function showValue(value: unknown): string {
  if (value === undefined) return '∅';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
