import { formatCentavos, moneyStringToCentavos } from '@casino/shared/money';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REASON_MAX_LENGTH, REASON_MIN_LENGTH, Spinner } from '../../../components/confirm-dialog';
import { DialogError, Modal } from '../../../components/modal';
import { toast } from '../../../components/toaster';
import { errorMessage, isApiError, newIdempotencyKey } from '../../../lib/api-client';
import { formatMoney, parseReaisInput } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import type { MemberDetail } from '../../../lib/types';
import { type AdjustmentInput, useAdjustBalance } from '../api/member-money';

type Direction = AdjustmentInput['direction'];
type FieldErrors = Partial<Record<'amount' | 'reason', string>>;

/**
 * Credits or debits the member's cash against the house adjustments account. The reason is
 * mandatory (it goes to the ledger and the audit log). The Idempotency-Key belongs to one set of
 * values: a double click or a retry after a lost answer posts once; changing a value makes a new key.
 */
export function AdjustmentDialog({ member, onClose }: { member: MemberDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const adjust = useAdjustBalance(String(member.id));
  const [direction, setDirection] = useState<Direction>('credit');
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const keyRef = useRef<string | null>(null);
  const ids = { amount: useId(), reason: useId(), direction: useId() };

  const amount = parseReaisInput(amountText);
  const balance = moneyStringToCentavos(member.money) ?? 0;
  const delta = amount ? (moneyStringToCentavos(amount) ?? 0) * (direction === 'credit' ? 1 : -1) : 0;
  const after = balance + delta;

  function changed() {
    keyRef.current = null;
    setErrors({});
    if (adjust.isError) adjust.reset();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (adjust.isPending) return;
    const next: FieldErrors = {};
    if (!amount) next.amount = t('validation.amount');
    if (reason.trim().length < REASON_MIN_LENGTH) next.reason = t('common.reason_too_short', { min: REASON_MIN_LENGTH });
    setErrors(next);
    if (!amount || Object.keys(next).length > 0) return;
    keyRef.current ??= newIdempotencyKey();
    adjust.mutate(
      { direction, amount, reason: reason.trim(), idempotencyKey: keyRef.current },
      {
        onSuccess: ({ message }) => {
          toast.success(message || t('adjustment.done'));
          onClose();
        },
        onError: (error) => {
          if (!isApiError(error)) return;
          setErrors({
            amount: error.fieldErrors.amount?.[0] ?? error.fieldErrors.direction?.[0],
            reason: error.fieldErrors.reason?.[0],
          });
        },
      },
    );
  }

  const generalError = adjust.isError && !(isApiError(adjust.error) && Object.keys(adjust.error.fieldErrors).length > 0);
  return (
    <Modal
      open
      title={t('adjustment.title', { name: member.name })}
      description={t('adjustment.description')}
      pending={adjust.isPending}
      onClose={() => {
        if (!adjust.isPending) onClose();
      }}
    >
      <form onSubmit={submit} noValidate className="space-y-4" data-testid="adjustment-form">
        <fieldset>
          <legend className="field-label">{t('adjustment.direction')}</legend>
          <div className="grid grid-cols-2 gap-1 rounded-lg border border-white/10 bg-navy-950/60 p-1">
            {(['credit', 'debit'] as const).map((value) => (
              <label
                key={value}
                className={`flex h-8 cursor-pointer items-center justify-center rounded-md text-sm font-medium transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-gold-400 ${
                  direction === value
                    ? value === 'credit'
                      ? 'bg-emerald-500/15 text-emerald-300 ring-1 ring-emerald-500/30 ring-inset'
                      : 'bg-rose-500/15 text-rose-300 ring-1 ring-rose-500/30 ring-inset'
                    : 'text-slate-400 hover:text-white'
                }`}
              >
                <input
                  type="radio"
                  name="direction"
                  value={value}
                  checked={direction === value}
                  onChange={() => {
                    setDirection(value);
                    changed();
                  }}
                  className="sr-only"
                />
                {t(`adjustment.${value}`)}
              </label>
            ))}
          </div>
        </fieldset>

        <div>
          <label htmlFor={ids.amount} className="field-label">
            {t('adjustment.amount')}
          </label>
          <div className="relative">
            <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-slate-500">R$</span>
            <input
              id={ids.amount}
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              maxLength={20}
              placeholder="0,00"
              value={amountText}
              onChange={(event) => {
                setAmountText(event.target.value);
                changed();
              }}
              aria-invalid={errors.amount ? true : undefined}
              aria-describedby={`${ids.amount}-hint`}
              className="input pl-9 text-base tabular-nums"
            />
          </div>
          <p id={`${ids.amount}-hint`} className={`mt-1 text-xs ${errors.amount ? 'text-rose-300' : 'text-slate-500'}`}>
            {errors.amount ?? t('adjustment.amount_hint')}
          </p>
        </div>

        <dl className="grid grid-cols-2 gap-3 rounded-lg border border-white/5 bg-navy-900/60 p-3 text-sm" data-testid="adjustment-preview">
          <div>
            <dt className="text-xs text-slate-500">{t('adjustment.balance_now')}</dt>
            <dd className="font-medium tabular-nums text-slate-200">{formatMoney(member.money, language)}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">{t('adjustment.balance_after')}</dt>
            <dd className={`font-semibold tabular-nums ${after < 0 ? 'text-rose-300' : delta === 0 ? 'text-slate-200' : 'text-gold-300'}`}>
              {formatMoney(formatCentavos(after), language)}
            </dd>
          </div>
          {after < 0 && <p className="col-span-2 text-xs text-rose-300">{t('adjustment.would_go_negative')}</p>}
        </dl>

        <div>
          <label htmlFor={ids.reason} className="field-label">
            {t('common.reason_required')}
          </label>
          <textarea
            id={ids.reason}
            name="reason"
            rows={3}
            aria-required
            maxLength={REASON_MAX_LENGTH}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              changed();
            }}
            placeholder={t('adjustment.reason_placeholder')}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? `${ids.reason}-error` : undefined}
            className="input h-auto resize-none py-2"
          />
          {errors.reason && (
            <p id={`${ids.reason}-error`} className="mt-1 text-xs text-rose-300">
              {errors.reason}
            </p>
          )}
        </div>

        <DialogError message={generalError ? errorMessage(adjust.error) : null} />

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary" onClick={onClose} disabled={adjust.isPending}>
            {t('common.cancel')}
          </button>
          <button
            type="submit"
            data-testid="adjustment-submit"
            className={direction === 'credit' ? 'btn-success' : 'btn-danger'}
            disabled={adjust.isPending}
          >
            {adjust.isPending && <Spinner />}
            {amount
              ? t(`adjustment.submit_${direction}`, { amount: formatMoney(amount, language) })
              : t(`adjustment.submit_${direction}_plain`)}
          </button>
        </div>
      </form>
    </Modal>
  );
}
