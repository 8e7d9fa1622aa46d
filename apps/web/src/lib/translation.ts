import { useMemo } from 'react';

/**
 * The player site's translation runtime: the part of i18next and react-i18next the site uses, in
 * a few hundred bytes instead of about 17 KB gzipped of the home route's first load (issue 13,
 * item 6). Same catalogues (packages/shared/src/i18n/locales), same rules, checked against
 * i18next itself over every key of every language by translation.test.ts:
 *
 * - keys are dotted paths into a namespace's JSON (`"wallet.title"`), `ns:key` names another
 *   namespace; a missing key answers `defaultValue` when given, else the key itself;
 * - `{{name}}` (and `{{- name}}`) take the option of that name (dotted paths too); a variable not
 *   passed at all stays as written, one passed as null or undefined becomes empty;
 * - `count` picks `key_<plural category>` of the language (Intl.PluralRules), `key_zero` first for
 *   0, else the key itself, and is a variable like any other.
 *
 * There is no language change at run time (lib/i18n.ts's switchLanguage reloads the page) and no
 * backend: lib/i18n.ts adds each namespace before the pages that use it render. So there is no
 * subscription either: a translate function never changes.
 */

export type Resources = Record<string, unknown>;

export type TOptions = {
  count?: number;
  defaultValue?: string;
  ns?: string;
  [variable: string]: unknown;
};

/** A translate function. The type parameter (a namespace) is documentation only. */
export type TFunction<_Namespace extends string = string> = (key: string, options?: TOptions) => string;

const KEY_SEPARATOR = '.';
const NS_SEPARATOR = ':';
const DEFAULT_NS = 'web';
const VARIABLE = /\{\{(-?)\s*([^{}]+?)\s*\}\}/g;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function deepMerge(target: Record<string, unknown>, source: Record<string, unknown>, overwrite: boolean): void {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    if (isRecord(current) && isRecord(value)) deepMerge(current, value, overwrite);
    else if (overwrite || current === undefined) target[key] = isRecord(value) ? structuredClone(value) : value;
  }
}

function lookup(bundle: Resources | undefined, key: string): unknown {
  if (!bundle) return undefined;
  let node: unknown = bundle;
  for (const part of key.split(KEY_SEPARATOR)) {
    if (!isRecord(node)) return bundle[key];
    node = node[part];
  }
  return node === undefined ? bundle[key] : node;
}

function stringOf(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

function interpolate(text: string, options: TOptions | undefined): string {
  if (!options || !text.includes('{{')) return text;
  return text.replace(VARIABLE, (match, _unescaped: string, name: string) => {
    const [head = '', ...rest] = name.split(KEY_SEPARATOR);
    if (!Object.hasOwn(options, head)) return match;
    let value: unknown = options[head];
    for (const part of rest) value = isRecord(value) ? value[part] : undefined;
    return stringOf(value);
  });
}

class Translator {
  language = '';
  private store: Record<string, Record<string, Resources>> = {};
  private plurals: Intl.PluralRules | undefined;

  /** Starts afresh with one language's namespaces (the others are added by addResourceBundle). */
  init(language: string, resources: Record<string, Resources>): void {
    this.language = language;
    this.plurals = undefined;
    this.store = {};
    for (const [ns, bundle] of Object.entries(resources)) this.addResourceBundle(language, ns, bundle, true, true);
  }

  /** As i18next: `deep` merges section by section (keeping what is there unless `overwrite`). */
  addResourceBundle(language: string, ns: string, resources: Resources, deep = false, overwrite = false): void {
    const namespaces = this.store[language] ?? {};
    this.store[language] = namespaces;
    const existing = namespaces[ns];
    if (existing && deep) deepMerge(existing, resources, overwrite);
    else namespaces[ns] = { ...existing, ...structuredClone(resources) };
  }

  hasResourceBundle(language: string, ns: string): boolean {
    return this.store[language]?.[ns] !== undefined;
  }

  exists(key: string, options?: { ns?: string }): boolean {
    return this.resolve(key, options?.ns ? [options.ns] : [DEFAULT_NS], undefined) !== undefined;
  }

  t = (key: string, options?: TOptions): string => this.translate(key, options?.ns ? [options.ns] : [DEFAULT_NS], options);

  /** A translate function over these namespaces, tried in order, with an optional key prefix. */
  fixed(namespaces: readonly string[], keyPrefix?: string): TFunction {
    return (key, options) =>
      this.translate(keyPrefix ? `${keyPrefix}${KEY_SEPARATOR}${key}` : key, options?.ns ? [options.ns] : namespaces, options);
  }

  private pluralCategory(count: number): string {
    this.plurals ??= new Intl.PluralRules(this.language);
    return this.plurals.select(count);
  }

  private resolve(fullKey: string, namespaces: readonly string[], options: TOptions | undefined): unknown {
    let key = fullKey;
    let spaces = namespaces;
    const separator = key.indexOf(NS_SEPARATOR);
    if (separator > 0) {
      spaces = [key.slice(0, separator)];
      key = key.slice(separator + 1);
    }
    const count = typeof options?.count === 'number' ? options.count : undefined;
    const candidates = count === undefined ? [key] : [...(count === 0 ? [`${key}_zero`] : []), `${key}_${this.pluralCategory(count)}`, key];
    const bundles = this.store[this.language] ?? {};
    for (const ns of spaces) {
      for (const candidate of candidates) {
        const found = lookup(bundles[ns], candidate);
        if (found !== undefined && found !== null) return found;
      }
    }
    return undefined;
  }

  private translate(fullKey: string, namespaces: readonly string[], options: TOptions | undefined): string {
    const found = this.resolve(fullKey, namespaces, options);
    if (typeof found === 'string') return interpolate(found, options);
    if (options?.defaultValue !== undefined) return interpolate(options.defaultValue, options);
    const separator = fullKey.indexOf(NS_SEPARATOR);
    return separator > 0 ? fullKey.slice(separator + 1) : fullKey;
  }
}

/** The one translator of the page (lib/i18n.ts fills it). */
export const i18n = new Translator();

/**
 * react-i18next's hook, as the site uses it: one namespace, or several tried in order (the first
 * names the catalogue, `web` for the common texts after it), and an optional key prefix.
 */
export function useTranslation(
  ns: string | readonly string[] = DEFAULT_NS,
  options?: { keyPrefix?: string; nsMode?: 'fallback' },
): { t: TFunction } {
  const namespaces = typeof ns === 'string' ? ns : ns.join(',');
  const keyPrefix = options?.keyPrefix;
  const fallback = options?.nsMode === 'fallback';
  return useMemo(() => {
    const list = namespaces.split(',');
    return { t: i18n.fixed(fallback ? list : list.slice(0, 1), keyPrefix) };
  }, [namespaces, keyPrefix, fallback]);
}
