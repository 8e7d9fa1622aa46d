import { formatCentavos } from '../money.ts';

/**
 * BR Code: the EMV "merchant-presented" QR payload that every Brazilian bank app reads to start
 * a PIX payment. A payload is a run of TLV fields (two-digit id, two-digit length, value) ending
 * in a CRC. Field table and CRC from REFERENCE.md, section "PIX".
 *
 * EMV lengths count characters. Every text we write is reduced to printable ASCII first (many bank
 * apps reject accented names), so characters and bytes coincide and the CRC is unambiguous.
 */

export interface BrCodeInput {
  /** A normalised PIX key (see pix-key.ts): makes a static code. Exactly one of key and url. */
  key?: string;
  /** The PSP's location URL for a charge, with or without "https://": makes a dynamic code. */
  url?: string;
  amountCentavos?: number;
  merchantName: string;
  merchantCity: string;
  /** Up to 25 letters and digits; '***' is written when absent. */
  txid?: string;
  /** Static codes only; shown to the payer, shortened to whatever room field 26 leaves. */
  description?: string;
}

const PIX_GUI = 'br.gov.bcb.pix';
const MAX_TLV_VALUE = 99;
const MERCHANT_NAME_MAX = 25;
const MERCHANT_CITY_MAX = 15;
const AMOUNT_MAX_CHARS = 13;
const TXID_PATTERN = /^[A-Za-z0-9]{1,25}$/;
/** No accepted QR payload comes near this; a longer input is not a BR Code. */
const MAX_PAYLOAD = 512;
const CRC_PREFIX = '6304';

/** Builds the payload. Bad input is a programming error on the server side, so it throws. */
export function buildBrCode(input: BrCodeInput): string {
  const hasKey = input.key !== undefined;
  const hasUrl = input.url !== undefined;
  if (hasKey === hasUrl) throw new RangeError('a BR Code needs exactly one of key (static) and url (dynamic)');
  if (hasUrl && input.description !== undefined) throw new RangeError('a dynamic BR Code carries its description at the location');

  const merchantAccount = input.key !== undefined ? staticAccount(input.key, input.description) : dynamicAccount(input.url ?? '');
  const payload =
    tlv('00', '01') +
    // Static codes leave the point of initiation out, as Banco Central's example does; '12' tells
    // the app the code is for one payment only.
    (hasUrl ? tlv('01', '12') : '') +
    tlv('26', merchantAccount) +
    tlv('52', '0000') +
    tlv('53', '986') +
    (input.amountCentavos !== undefined ? tlv('54', formatAmount(input.amountCentavos)) : '') +
    tlv('58', 'BR') +
    tlv('59', requiredText(input.merchantName, MERCHANT_NAME_MAX, 'merchantName')) +
    tlv('60', requiredText(input.merchantCity, MERCHANT_CITY_MAX, 'merchantCity')) +
    tlv('62', tlv('05', txidOrPlaceholder(input.txid))) +
    CRC_PREFIX;
  return payload + crc16ccitt(payload);
}

function staticAccount(key: string, description: string | undefined): string {
  if (!/^[!-~]{1,77}$/.test(key)) throw new RangeError('a PIX key is 1-77 printable ASCII characters without spaces');
  const head = tlv('00', PIX_GUI) + tlv('01', key);
  if (description === undefined) return head;
  // Field 26 holds at most 99 characters; the key matters and the description does not, so the
  // description gives way (and is dropped when nothing of it fits).
  const room = MAX_TLV_VALUE - head.length - 4;
  const text = toAscii(description).slice(0, Math.max(room, 0)).trim();
  return text.length > 0 ? head + tlv('02', text) : head;
}

function dynamicAccount(url: string): string {
  const location = url.trim().replace(/^https:\/\//i, '');
  if (!/^[!-~]{1,77}$/.test(location) || location.includes('://')) {
    throw new RangeError('a location URL is https, at most 77 printable ASCII characters after the scheme');
  }
  return tlv('00', PIX_GUI) + tlv('25', location);
}

/** "100.00" from 10000: integer arithmetic only, never a float on the money path. */
function formatAmount(amountCentavos: number): string {
  if (!Number.isSafeInteger(amountCentavos) || amountCentavos <= 0) {
    throw new RangeError(`amountCentavos must be a positive integer, got ${amountCentavos}`);
  }
  const text = formatCentavos(amountCentavos);
  if (text.length > AMOUNT_MAX_CHARS) throw new RangeError('amount does not fit the 13 characters of field 54');
  return text;
}

function txidOrPlaceholder(txid: string | undefined): string {
  if (txid === undefined) return '***';
  if (!TXID_PATTERN.test(txid)) throw new RangeError('a BR Code txid is 1-25 letters and digits');
  return txid;
}

function requiredText(text: string, max: number, name: string): string {
  const ascii = toAscii(text).slice(0, max).trim();
  if (ascii.length === 0) throw new RangeError(`${name} has no printable characters`);
  return ascii;
}

/** "São Paulo" -> "Sao Paulo": accents removed, anything else outside printable ASCII dropped. */
export function toAscii(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^ -~]/g, '')
    .replace(/ {2,}/g, ' ')
    .trim();
}

function tlv(id: string, value: string): string {
  if (value.length === 0 || value.length > MAX_TLV_VALUE) throw new RangeError(`field ${id} must hold 1-99 characters`);
  return id + String(value.length).padStart(2, '0') + value;
}

/**
 * CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF, no reflection, no final xor) as four
 * upper-case hex digits. It runs over UTF-8 bytes so that codes from other issuers that do carry
 * accents still verify; for our own ASCII payloads bytes and characters are the same.
 */
export function crc16ccitt(text: string): string {
  let crc = 0xffff;
  for (const byte of utf8Bytes(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** UTF-8 by hand: this package runs without DOM or Node types, so TextEncoder is not in scope. */
function utf8Bytes(text: string): number[] {
  const bytes: number[] = [];
  for (const char of text) {
    let code = char.codePointAt(0) ?? 0;
    // A lone surrogate is not a character; encode it as U+FFFD the way TextEncoder does.
    if (code >= 0xd800 && code <= 0xdfff) code = 0xfffd;
    if (code < 0x80) bytes.push(code);
    else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 0x3f));
    else if (code < 0x10000) bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
    else bytes.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 0x3f), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
  }
  return bytes;
}

export type BrCodeFields = Readonly<Record<string, string>>;

export interface ParsedBrCode {
  /** Every top-level field by id, raw value ("26" and "62" as their TLV text, "63" the CRC). */
  fields: BrCodeFields;
  /** Sub-fields of 26 (merchant account): "00" GUI, "01" key, "02" description, "25" location. */
  merchantAccount: BrCodeFields;
  /** Sub-fields of 62 (additional data): "05" txid. */
  additionalData: BrCodeFields;
}

/**
 * Splits a payload into its fields after checking the CRC. Null when the CRC is wrong, the TLV
 * structure is broken, an id repeats, or the payload does not start with 000201 and end in the
 * CRC field, so a caller never reads fields out of a damaged or tampered code.
 */
export function parseBrCode(payload: string): ParsedBrCode | null {
  if (payload.length > MAX_PAYLOAD || payload.length < 12) return null;
  const body = payload.slice(0, -4);
  if (!body.endsWith(CRC_PREFIX)) return null;
  if (crc16ccitt(body) !== payload.slice(-4).toUpperCase()) return null;

  // Everything before "6304" must be whole fields, so the CRC field is truly the last one.
  const fields = parseTlv(body.slice(0, -CRC_PREFIX.length));
  if (fields === null || fields['63'] !== undefined || !payload.startsWith('000201')) return null;
  fields['63'] = payload.slice(-4);
  const merchantAccount = fields['26'] === undefined ? {} : parseTlv(fields['26']);
  const additionalData = fields['62'] === undefined ? {} : parseTlv(fields['62']);
  if (merchantAccount === null || additionalData === null) return null;
  return { fields, merchantAccount, additionalData };
}

function parseTlv(text: string): Record<string, string> | null {
  const fields: Record<string, string> = {};
  let at = 0;
  while (at < text.length) {
    const header = /^(\d{2})(\d{2})$/.exec(text.slice(at, at + 4));
    if (!header) return null;
    const id = header[1] ?? '';
    const length = Number(header[2]);
    const end = at + 4 + length;
    if (end > text.length || Object.hasOwn(fields, id)) return null;
    fields[id] = text.slice(at + 4, end);
    at = end;
  }
  return fields;
}
