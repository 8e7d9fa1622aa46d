import type { DepositBonusChoice, DepositBonusOption } from '@casino/shared/schemas/promotions';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { GiftIcon } from '../../components/icons.tsx';
import { formatBasisPoints, formatMoney } from '../../lib/format.ts';
import { moneyCentavos } from '../../lib/user.ts';

/**
 * The deposit's bonus (one bonus per deposit, docs/PROMOTIONS.md): one of the bonuses a new
 * deposit can fund, "no bonus", or "choose later" (nothing is sent; the first bonus claimed on the
 * promotions pages then takes the deposit). Shown only when the site does not let bonuses stack.
 */

/** The form's value: a bonus, 'none', or '' for "choose later". */
export type BonusPick = DepositBonusChoice | '';

/** The minimum of the picked bonus the typed amount does not reach, as a web catalogue key; else null. */
export function bonusProblem(pick: BonusPick, options: DepositBonusOption[], amountCentavos: number | null): string | null {
  const option = options.find((o) => o.type === pick);
  if (!option || amountCentavos === null) return null;
  return amountCentavos < moneyCentavos(option.min_recharge) ? 'wallet.bonus_below_min' : null;
}

/** What the bonus gives, in the reader's words: "R$ 10,00 grátis", "100% do valor depositado, até R$ 1.500,00". */
function useTerms() {
  const { t } = useTranslation();
  return (option: DepositBonusOption) => {
    if (option.reward !== null) return t('wallet.bonus_fixed', { amount: formatMoney(option.reward) });
    const rate = formatBasisPoints(option.rate_bp ?? 0).replace(/[.,]00(?=\s?%)/, '');
    return option.max_reward !== null
      ? t('wallet.bonus_rate_max', { rate, max: formatMoney(option.max_reward) })
      : t('wallet.bonus_rate', { rate });
  };
}

function Choice({
  value,
  title,
  text,
  selected,
  disabled = false,
  field,
}: {
  value: BonusPick;
  title: string;
  text: string;
  selected: boolean;
  disabled?: boolean;
  field: UseFormRegisterReturn<'bonus'>;
}) {
  return (
    <label
      className={`flex min-w-0 items-start gap-3 rounded-xl border p-3 text-left transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-gold ${
        disabled ? 'cursor-not-allowed opacity-55' : 'cursor-pointer'
      } ${selected ? 'border-gold bg-gold/10' : 'border-line bg-ink/40 hover:border-gold/50'}`}
      data-testid={`bonus-option-${value || 'later'}`}
    >
      <input type="radio" value={value} disabled={disabled} className="sr-only" {...field} />
      <span
        className={`mt-0.5 size-5 shrink-0 rounded-full border-2 ${selected ? 'border-gold bg-gold shadow-[inset_0_0_0_3px_var(--color-ink)]' : 'border-line'}`}
        aria-hidden="true"
      />
      <span className="min-w-0 flex-1">
        <span className="block text-[15px] font-semibold text-white">{title}</span>
        <span className="block text-xs text-muted">{text}</span>
      </span>
    </label>
  );
}

export function DepositBonusChoiceField({
  options,
  picked,
  amountCentavos,
  field,
  error,
}: {
  options: DepositBonusOption[];
  picked: BonusPick;
  amountCentavos: number | null;
  field: UseFormRegisterReturn<'bonus'>;
  /** Already in the reader's language (the form's check, or the server's field error). */
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const terms = useTerms();
  return (
    <fieldset className="flex flex-col gap-2" data-testid="deposit-bonus">
      <legend className="mb-1 flex items-center gap-1.5 text-[13px] font-medium text-soft">
        <GiftIcon size={15} />
        {t('wallet.bonus_title')}
      </legend>
      <p className="-mt-1 mb-1 text-xs text-muted">{t('wallet.bonus_hint')}</p>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => {
          const min = formatMoney(option.min_recharge);
          const short = amountCentavos !== null && amountCentavos < moneyCentavos(option.min_recharge);
          return (
            <Choice
              key={option.type}
              value={option.type}
              title={option.title}
              text={`${terms(option)} · ${t('wallet.bonus_min', { min })}`}
              selected={picked === option.type}
              disabled={short && picked !== option.type}
              field={field}
            />
          );
        })}
        <Choice value="none" title={t('wallet.bonus_none')} text={t('wallet.bonus_none_text')} selected={picked === 'none'} field={field} />
        <Choice value="" title={t('wallet.bonus_later')} text={t('wallet.bonus_later_text')} selected={picked === ''} field={field} />
      </div>
      {error ? (
        <p className="text-[13px] text-danger" role="alert" data-field-error="bonus">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
