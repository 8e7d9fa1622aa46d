import type { DepositBonusChoice, DepositBonusOption } from '@casino/shared/schemas/promotions';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '../../lib/translation.ts';
import { GiftIcon } from '../../components/icons.tsx';
import { formatBasisPoints, formatMoney } from '../../lib/format.ts';
import { loadPromoNamespace } from '../../lib/i18n.ts';
import { moneyCentavos } from '../../lib/user.ts';

// The texts live in the `promo` namespace, downloaded with this (lazy) page, not in the first load.
await loadPromoNamespace();

/**
 * The deposit's bonus (one bonus per deposit, docs/PROMOTIONS.md): one of the bonuses a new
 * deposit can fund, "no bonus", or "choose later" (nothing is sent; the first bonus claimed on the
 * promotions pages then takes the deposit). Shown only when the site does not let bonuses stack.
 */

/** The form's value: a bonus, 'none', or '' for "choose later". */
export type BonusPick = DepositBonusChoice | '';

/** The form's own problem with a pick: the typed amount is below the picked bonus's minimum. */
export const BONUS_BELOW_MIN = 'deposit_bonus.below_min';

export function bonusProblem(pick: BonusPick, options: DepositBonusOption[], amountCentavos: number | null): string | null {
  const option = options.find((o) => o.type === pick);
  if (!option || amountCentavos === null) return null;
  return amountCentavos < moneyCentavos(option.min_recharge) ? BONUS_BELOW_MIN : null;
}

/** What the bonus gives, in the reader's words: "R$ 10,00 grátis", "100% do valor depositado, até R$ 1.500,00". */
function useTerms() {
  const { t } = useTranslation('promo');
  return (option: DepositBonusOption) => {
    if (option.reward !== null) return t('deposit_bonus.fixed', { amount: formatMoney(option.reward) });
    const rate = formatBasisPoints(option.rate_bp ?? 0).replace(/[.,]00(?=\s?%)/, '');
    return option.max_reward !== null
      ? t('deposit_bonus.rate_max', { rate, max: formatMoney(option.max_reward) })
      : t('deposit_bonus.rate', { rate });
  };
}

function Choice({
  value,
  title,
  text,
  tail,
  selected,
  disabled = false,
  field,
}: {
  value: BonusPick;
  title: string;
  text: string;
  /** A last part kept on one line (the minimum deposit). */
  tail?: string;
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
        <span className="block text-xs text-muted">
          {text}
          {tail ? (
            <>
              {' · '}
              <span className="whitespace-nowrap">{tail}</span>
            </>
          ) : null}
        </span>
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
  /** BONUS_BELOW_MIN (the form's check) or the server's field error, already translated. */
  error?: string | undefined;
}) {
  const { t } = useTranslation('promo');
  const terms = useTerms();
  const pickedMin = options.find((option) => option.type === picked)?.min_recharge;
  const message = error === BONUS_BELOW_MIN ? t(BONUS_BELOW_MIN, { min: formatMoney(pickedMin) }) : error;
  return (
    <fieldset className="flex flex-col gap-2" data-testid="deposit-bonus">
      <legend className="mb-1 flex items-center gap-1.5 text-[13px] font-medium text-soft">
        <GiftIcon size={15} />
        {t('deposit_bonus.title')}
      </legend>
      <p className="-mt-1 mb-1 text-xs text-muted">{t('deposit_bonus.hint')}</p>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => {
          const min = formatMoney(option.min_recharge);
          const short = amountCentavos !== null && amountCentavos < moneyCentavos(option.min_recharge);
          return (
            <Choice
              key={option.type}
              value={option.type}
              title={option.title}
              text={terms(option)}
              tail={t('deposit_bonus.min', { min })}
              selected={picked === option.type}
              disabled={short && picked !== option.type}
              field={field}
            />
          );
        })}
        <Choice
          value="none"
          title={t('deposit_bonus.none')}
          text={t('deposit_bonus.none_text')}
          selected={picked === 'none'}
          field={field}
        />
        <Choice value="" title={t('deposit_bonus.later')} text={t('deposit_bonus.later_text')} selected={picked === ''} field={field} />
      </div>
      {message ? (
        <p className="text-[13px] text-danger" role="alert" data-field-error="bonus">
          {message}
        </p>
      ) : null}
    </fieldset>
  );
}
