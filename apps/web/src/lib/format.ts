import { formatBRL } from '@casino/shared/money';
import { currentLanguage } from './i18n.ts';
import { moneyCentavos } from './user.ts';

/** "R$ 1.234,56" in Portuguese, formatted for the reader's language elsewhere. */
export function formatMoney(text: string | null | undefined): string {
  return formatBRL(moneyCentavos(text), currentLanguage());
}
