import { normalizeLanguage } from '@casino/shared/languages';
import { formatBRL, parseReais } from '@casino/shared/money';
import { translate } from '../../lib/i18n.ts';

/**
 * What a notification says to its reader. Operator notes are stored as written and shown as
 * written. System notifications (kind 'bonus', written by the activity engine's afterCredit, and
 * any later kind with a catalogue entry `info.kinds.<kind>`) are stored with empty texts and
 * their parameters, so each reader gets them in the language they read in, not the language
 * the server happened to use when the money moved.
 */

export interface StoredNotification {
  kind: string;
  title: string;
  body: string;
  params_json: string | null;
}

/** Kinds whose stored title and body are the text: an operator's note. */
const WRITTEN_KINDS = new Set(['operator']);

/** A key's translation, or undefined when neither the language nor the fallback has it. */
function lookup(lang: string, key: string, values?: Record<string, unknown>): string | undefined {
  const text = translate(lang, key, values);
  return text === key ? undefined : text;
}

/** The readable name of a bonus source: the promotions catalogue's name when it has one, else ours. */
export function sourceName(lang: string, source: string): string {
  return lookup(lang, `promo.sources.${source}`) ?? lookup(lang, `info.sources.${source}`) ?? source;
}

function parseParams(json: string | null): Record<string, unknown> {
  if (!json) return {};
  try {
    const value = JSON.parse(json) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Parameters ready for the reader: amounts ("10.00") as "R$ 10,00", sources by their name. */
function readerValues(lang: string, params: Record<string, unknown>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string' || typeof value === 'number') values[name] = String(value);
  }
  if (typeof params.amount === 'string' || typeof params.amount === 'number') {
    const centavos = parseReais(params.amount);
    if (centavos !== null) values.amount = formatBRL(centavos, lang);
  }
  if (typeof params.source === 'string') values.source = sourceName(lang, params.source);
  return values;
}

/** The title and body the reader sees, in their language. */
export function notificationText(langInput: string, row: StoredNotification): { title: string; body: string } {
  if (WRITTEN_KINDS.has(row.kind)) return { title: row.title, body: row.body };
  const lang = normalizeLanguage(langInput);
  const values = readerValues(lang, parseParams(row.params_json));
  const title = lookup(lang, `info.kinds.${row.kind}.title`, values);
  const body = lookup(lang, `info.kinds.${row.kind}.body`, values);
  // A kind without catalogue texts falls back to whatever was stored with it.
  return { title: title ?? row.title, body: body ?? row.body };
}
