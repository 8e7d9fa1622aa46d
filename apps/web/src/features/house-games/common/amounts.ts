import { parseReais } from '@casino/shared/money';

/**
 * Reads what a player typed ("10", "10,5", "1.234,56", "1,234.56", "R$ 5") into centavos, or null.
 * The last separator followed by one or two digits is the decimal point whatever the language;
 * every other separator groups thousands. The digits then go through the shared parseReais.
 */
export function parseTypedAmount(text: string): number | null {
  const cleaned = text.replace(/R\$|\s/g, '');
  if (!/^[\d.,]+$/.test(cleaned)) return null;
  const decimal = /[.,](\d{1,2})$/.exec(cleaned);
  const wholePart = decimal ? cleaned.slice(0, decimal.index) : cleaned;
  const whole = wholePart.replace(/[.,]/g, '');
  if (whole === '' && !decimal) return null;
  return parseReais(`${whole || '0'}${decimal ? `.${decimal[1]}` : ''}`);
}

const NUMBER_LOCALE: Record<string, string> = {
  pt: 'pt-BR',
  en: 'en-US',
  zh: 'zh-CN',
  vi: 'vi-VN',
  id: 'id-ID',
  ms: 'ms-MY',
  th: 'th-TH',
  tr: 'tr-TR',
};

/** "1.234,56" in Portuguese, "1,234.56" in English: centavos without the currency sign. */
export function formatAmountIn(valueCentavos: number, lang: string): string {
  const formatter = new Intl.NumberFormat(NUMBER_LOCALE[lang] ?? 'pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  // Display only: an integer divided by 100 prints exactly at two decimals.
  return formatter.format(valueCentavos / 100);
}

/** A fixed-point figure in `decimals` places for the language: 4950 -> "49,50" (pt), 235 -> "2.35" (en). */
export function formatScaledIn(units: number, decimals: number, lang: string): string {
  const formatter = new Intl.NumberFormat(NUMBER_LOCALE[lang] ?? 'pt-BR', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    useGrouping: false,
  });
  return formatter.format(units / 10 ** decimals);
}

/** The Intl locale for one of the site's languages (pt-BR for an unknown one). */
export function numberLocale(lang: string): string {
  return NUMBER_LOCALE[lang] ?? 'pt-BR';
}

/**
 * A declared RTP as the API gives it ("95.95", a percentage with two decimals) in the reader's
 * style: "95,95" in Portuguese, "95.95" in English. Anything else is shown as it came.
 */
export function formatRtpIn(rtp: string, lang: string): string {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(rtp.trim());
  if (!match) return rtp;
  const hundredths = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return formatScaledIn(hundredths, 2, lang);
}
