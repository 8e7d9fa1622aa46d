import { useSearchParams } from 'react-router';

/** A list page's filters as they change: an empty value or page 1 leaves the URL. */
export type FilterChange<K extends string> = Partial<Record<K, string>> & { page?: number };

/**
 * Filters live in the URL, so a search survives reloads and the back button and can be shared
 * with a colleague. `update` merges a change into the URL (replacing the history entry), `clear`
 * drops every filter.
 */
export function useUrlFilters<K extends string = never>() {
  const [params, setParams] = useSearchParams();
  function update(change: FilterChange<K>) {
    setParams(
      (current) => {
        const merged = new URLSearchParams(current);
        for (const [key, value] of Object.entries(change) as [string, string | number | undefined][]) {
          if (value === undefined || value === '' || (key === 'page' && value === 1)) merged.delete(key);
          else merged.set(key, String(value));
        }
        return merged;
      },
      { replace: true },
    );
  }
  function clear() {
    setParams({}, { replace: true });
  }
  return { params, update, clear };
}

/** The page number in the URL: a whole number from 1, else 1. */
export function pageParam(params: URLSearchParams): number {
  return Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
}

/** The parameter when it is one of the allowed values, else '' (no filter). */
export function oneOf<T extends string>(params: URLSearchParams, key: string, allowed: readonly T[]): T | '' {
  const value = params.get(key) ?? '';
  return (allowed as readonly string[]).includes(value) ? (value as T) : '';
}

/** The parameter when it matches the pattern (a date, an id), else '' (no filter). */
export function matching(params: URLSearchParams, key: string, pattern: RegExp): string {
  const value = params.get(key) ?? '';
  return pattern.test(value) ? value : '';
}
