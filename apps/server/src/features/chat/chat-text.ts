import { CHAT_MAX_LENGTH } from '@casino/shared/schemas/chat';
import type { ErrorCode } from '@casino/shared/errors';
import { hasProfanity } from './profanity.ts';

/**
 * What the chat accepts of a text (pure, so the rules are tested without a server): not empty, at
 * most CHAT_MAX_LENGTH characters, no links (an address, a domain, "www.", a Telegram or WhatsApp
 * handle link), no phone numbers (eight digits or more in a run, spaces, dots, dashes and
 * parentheses allowed between them), no swear words in English or Portuguese.
 */

const URL_PATTERN = /(https?:\/\/|www\.|\bt\.me\/|\bwa\.me\/|\bbit\.ly\/)/i;
/** A domain: a name, a dot (or "[.]", " ponto ", "(dot)") and a top-level domain people use. */
const DOMAIN_PATTERN =
  /\b[\p{L}\p{N}-]{2,}\s*(?:\.|\[\.\]|\(\.\)|\(dot\)|\[dot\]|\s+ponto\s+|\s+dot\s+)\s*(?:com|net|org|br|io|me|ly|gg|bet|xyz|app|site|online|link|info|co|tv|vip|club|top|cc|biz|live|win|pro|ru|cn)\b/iu;
/** Eight digits or more, possibly split by spaces, dots, dashes, slashes or parentheses, or a leading +. */
const PHONE_PATTERN = /(?:\+\s*)?(?:\d[\s().\-/]{0,3}){8,}/;

export interface TextRefusal {
  code: ErrorCode;
  values?: Record<string, string | number>;
}

/** Collapses spaces; the text as it is stored and shown. */
export function cleanText(text: string): string {
  return text
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first rule the text breaks, or null when it may be posted. */
export function refuseText(text: string): TextRefusal | null {
  if (text.length === 0) return { code: 'CHAT_TEXT_EMPTY' };
  if ([...text].length > CHAT_MAX_LENGTH) return { code: 'CHAT_TEXT_TOO_LONG', values: { max: CHAT_MAX_LENGTH } };
  if (URL_PATTERN.test(text) || DOMAIN_PATTERN.test(text)) return { code: 'CHAT_LINK_BLOCKED' };
  if (PHONE_PATTERN.test(text)) return { code: 'CHAT_PHONE_BLOCKED' };
  if (hasProfanity(text)) return { code: 'CHAT_PROFANITY' };
  return null;
}

/** The key a repeated text is recognised by: lower case, letters and digits only. */
export function repeatKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** The @nicks a text names, each once, in order. */
export function mentionsOf(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(/(?:^|[\s(])@([\p{L}\p{N}_.*-]{2,32})/gu)) {
    found.add(match[1]!.replace(/[.-]+$/, ''));
  }
  return [...found];
}
