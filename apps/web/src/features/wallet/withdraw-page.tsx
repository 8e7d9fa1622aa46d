import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/translation.ts';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { FormField } from '../../components/form-field.tsx';
import { CardIcon, ChevronRightIcon, LockIcon, PlusIcon } from '../../components/icons.tsx';
import { Skeleton } from '../../components/spinner.tsx';
import { ApiError, errorMessage, isSessionError } from '../../lib/api.ts';
import { openWithdrawalPassword } from '../../lib/modals.ts';
import { formatMoney } from '../../lib/format.ts';
import { createKeyKeeper } from '../../lib/idempotency.ts';
import { useSession } from '../../lib/session.ts';
import { moneyCentavos, refreshUser } from '../../lib/user.ts';
import { requestWithdrawal, useMemberBanks, useWithdrawChannels } from './wallet.api.ts';
import { AlertDialog, amountProblem, LoadError, parseAmountInput, toRequestMoney, WalletPage } from './wallet-ui.tsx';

type Values = { money: string; member_bank_id: string; qk_pwd: string };
type Alert = { tone: 'success' | 'error'; message: string };
const FIELDS = ['money', 'member_bank_id', 'qk_pwd'] as const;

/** Cash balance with the outstanding wagering requirement that blocks a withdrawal. */
export function BalanceCard({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const wagering = moneyCentavos(user.ml_money);
  return (
    <div
      className={`relative overflow-hidden rounded-2xl border border-gold/25 bg-gradient-to-br from-surface-2 via-surface to-night ${compact ? 'p-4' : 'p-5'}`}
    >
      <div className="pointer-events-none absolute -top-10 -right-10 size-36 rounded-full bg-gold/10 blur-2xl" aria-hidden="true" />
      <p className="text-[13px] text-muted">{t('wallet.available_balance')}</p>
      <p className="mt-1 text-3xl font-black text-gold tabular-nums" data-testid="wallet-balance">
        {formatMoney(user.money)}
      </p>
      {wagering > 0 ? <p className="mt-2 text-xs text-soft">{t('wallet.wagering_left', { amount: formatMoney(user.ml_money) })}</p> : null}
    </div>
  );
}

/** PIX key, amount (with "all"), withdrawal password; results in alerts (spec section 8). */
export function WithdrawForm({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { token, user } = useSession();
  const loggedIn = token !== null;
  const queryClient = useQueryClient();
  const banks = useMemberBanks(loggedIn);
  const channels = useWithdrawChannels(loggedIn);
  const [alert, setAlert] = useState<Alert | null>(null);
  // One idempotency key per submitted request, kept for the player's retry after a lost answer.
  const requestKeys = useRef(createKeyKeeper());
  const channel = channels.data?.[0] ?? null;
  const limits = channel ? { min: channel.min, max: channel.max } : null;
  const keys = banks.data?.list ?? [];
  const form = useForm<Values>({ defaultValues: { money: '', member_bank_id: '', qk_pwd: '' } });
  const { errors, isSubmitting } = form.formState;
  const chosenKey = form.watch('member_bank_id');

  // Preselect the default key (or the only one) once the list arrives.
  useEffect(() => {
    if (keys.length > 0 && !form.getValues('member_bank_id')) {
      const preferred = keys.find((k) => k.is_default) ?? keys[0];
      if (preferred) form.setValue('member_bank_id', String(preferred.id));
    }
  }, [keys, form]);

  const fillAll = () => {
    let all = moneyCentavos(user.money);
    if (limits && moneyCentavos(limits.max) > 0) all = Math.min(all, moneyCentavos(limits.max));
    form.setValue('money', toRequestMoney(Math.max(0, all)), { shouldValidate: form.formState.isSubmitted });
  };

  const submit = form.handleSubmit(async (values) => {
    const amount = parseAmountInput(values.money);
    if (amount === null) return;
    const money = toRequestMoney(amount);
    const requestId = requestKeys.current.keyFor(`${money}|${values.member_bank_id}`);
    try {
      const answer = await requestWithdrawal({
        money,
        member_bank_id: Number(values.member_bank_id),
        qk_pwd: values.qk_pwd,
        payment_type: 'pix',
        request_id: requestId,
      });
      requestKeys.current.settle();
      setAlert({ tone: 'success', message: answer.message || t('wallet.withdraw_submitted') });
      form.reset({ money: '', member_bank_id: values.member_bank_id, qk_pwd: '' });
      void queryClient.invalidateQueries({ queryKey: ['wallet', 'withdrawals'] });
      void refreshUser();
    } catch (error) {
      requestKeys.current.settle(error);
      if (isSessionError(error)) return;
      if (error instanceof ApiError) {
        for (const [field, messages] of Object.entries(error.fieldErrors)) {
          const name = FIELDS.find((f) => f === field);
          if (name && messages[0]) form.setError(name, { type: 'server', message: messages[0] });
        }
      }
      setAlert({ tone: 'error', message: errorMessage(error) });
    }
  });

  if (banks.isPending || channels.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <Skeleton className="h-16" />
        <Skeleton className="h-12" />
        <Skeleton className="h-12" />
      </div>
    );
  }
  if (banks.isError) return <LoadError error={banks.error} onRetry={() => void banks.refetch()} />;
  if (channels.isError) return <LoadError error={channels.error} onRetry={() => void channels.refetch()} />;

  if (keys.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-line bg-surface/60 p-5 text-center">
        <CardIcon size={28} className="text-gold" />
        <p className="text-sm text-soft">{t('wallet.need_key')}</p>
        <Link to="/withdrawal-card?redirect=/withdraw" className={buttonClass('gold', 'md')}>
          <PlusIcon size={18} />
          {t('wallet.add_key')}
        </Link>
      </div>
    );
  }

  const limitText = limits ? t('wallet.limits', { min: formatMoney(limits.min), max: formatMoney(limits.max) }) : undefined;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={t('pages.withdraw')}>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 flex w-full items-center justify-between text-[13px] font-medium text-soft">
          {t('wallet.receive_to')}
          <Link to="/withdrawal-card" className="text-xs font-semibold text-gold hover:underline">
            {t('wallet.manage_keys')}
          </Link>
        </legend>
        <div className="flex flex-col gap-2">
          {keys.map((key) => {
            const selected = chosenKey === String(key.id);
            return (
              <label
                key={key.id}
                className={`flex cursor-pointer items-center gap-3 rounded-xl border p-3 text-left transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-gold ${
                  selected ? 'border-gold bg-gold/10' : 'border-line bg-ink/40 hover:border-gold/50'
                }`}
              >
                <input
                  type="radio"
                  value={String(key.id)}
                  className="sr-only"
                  {...form.register('member_bank_id', { required: 'wallet.choose_key' })}
                />
                <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-[#32bcad]/15 text-[11px] font-black text-[#32bcad]">
                  PIX
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-mono text-sm text-white">{key.account_masked}</span>
                  <span className="block truncate text-xs text-muted">
                    {t(`wallet.key_types.${key.account_type}`)} · {key.name}
                  </span>
                </span>
                <span
                  className={`size-5 shrink-0 rounded-full border-2 ${selected ? 'border-gold bg-gold shadow-[inset_0_0_0_3px_var(--color-ink)]' : 'border-line'}`}
                  aria-hidden="true"
                />
              </label>
            );
          })}
        </div>
        {errors.member_bank_id?.message ? (
          <p className="text-[13px] text-danger">{t(errors.member_bank_id.message, { defaultValue: errors.member_bank_id.message })}</p>
        ) : null}
      </fieldset>

      <FormField
        label={t('wallet.withdraw_amount')}
        inputMode="decimal"
        autoComplete="off"
        placeholder={limits ? t('wallet.amount_placeholder', { min: formatMoney(limits.min), max: formatMoney(limits.max) }) : ''}
        hint={limitText}
        error={
          errors.money?.message
            ? t(errors.money.message, {
                defaultValue: errors.money.message,
                min: limits ? formatMoney(limits.min) : '',
                max: limits ? formatMoney(limits.max) : '',
              })
            : undefined
        }
        addon={
          <Button variant="ghost" className="h-12" onClick={fillAll}>
            {t('wallet.all')}
          </Button>
        }
        {...form.register('money', { validate: (value) => amountProblem(value, limits, user.money) ?? true })}
      />

      {user.has_qk_pwd ? (
        <FormField
          label={t('wallet.qk_pwd')}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          placeholder={t('auth.qk_pwd_placeholder')}
          error={errors.qk_pwd?.message}
          {...form.register('qk_pwd', {
            pattern: { value: /^\d{6}$/, message: 'validation.qk_pwd_format' },
            required: 'validation.qk_pwd_format',
          })}
        />
      ) : (
        <div className="flex items-center gap-3 rounded-xl border border-gold/30 bg-gold/5 p-3">
          <LockIcon size={20} className="shrink-0 text-gold" />
          <p className="min-w-0 flex-1 text-[13px] text-soft">{t('wallet.need_qk_pwd')}</p>
          <Button variant="outline" size="sm" onClick={openWithdrawalPassword} data-testid="set-qk-pwd">
            {t('wallet.set_now')}
          </Button>
        </div>
      )}

      <Button type="submit" size="lg" block loading={isSubmitting} disabled={!user.has_qk_pwd}>
        {t('wallet.withdraw_now')}
      </Button>
      {compact ? null : <p className="text-center text-xs text-muted">{t('wallet.review_note')}</p>}
      {alert ? (
        <AlertDialog
          title={alert.tone === 'success' ? t('wallet.withdraw_title') : t('wallet.withdraw_failed_title')}
          message={alert.message}
          tone={alert.tone}
          onClose={() => setAlert(null)}
        />
      ) : null}
    </form>
  );
}

/** /withdraw: balance, PIX key, amount, withdrawal password (spec section 2). */
export function WithdrawPage() {
  const { t } = useTranslation();
  return (
    <WalletPage title={t('pages.withdraw')} wide>
      <div className="grid items-start gap-4 md:grid-cols-[minmax(0,340px)_minmax(0,1fr)]">
        <div className="flex flex-col gap-2.5">
          <BalanceCard />
          <Link
            to="/withdrawalRecord"
            className="flex h-11 items-center justify-between rounded-xl border border-line/70 bg-surface px-3.5 text-sm text-soft hover:border-gold/40 hover:text-white"
          >
            {t('pages.withdrawal_record')}
            <ChevronRightIcon size={16} className="text-muted" />
          </Link>
        </div>
        <Card>
          <WithdrawForm />
        </Card>
      </div>
    </WalletPage>
  );
}
