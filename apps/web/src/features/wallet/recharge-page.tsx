import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/translation.ts';
import { type NavigateFunction, useNavigate } from 'react-router';
import { Button } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { CareRefusal } from '../../components/care-refusal.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { FormField } from '../../components/form-field.tsx';
import { Skeleton } from '../../components/spinner.tsx';
import { formatMoney } from '../../lib/format.ts';
import { careRefusalMessage } from '../../lib/care-refusals.ts';
import { showSubmitError } from '../../lib/form-errors.ts';
import { useIsLoggedIn } from '../../lib/session.ts';
import { type BonusPick, bonusProblem, DepositBonusChoiceField } from './deposit-bonus-choice.tsx';
import { createDeposit, type PaymentChannel, useDepositBonuses, useDepositChannels } from './wallet.api.ts';
import { AmountChips, amountProblem, LoadError, parseAmountInput, toRequestMoney, WalletPage } from './wallet-ui.tsx';

type Values = { money: string; bonus: BonusPick };

/**
 * Spec section 4: a successful recharge answer with a pay_url sends the browser there. Our own
 * payment page is opened inside the app; any other address (a real PSP) is a full navigation.
 */
export function goToPayUrl(payUrl: string | undefined, orderNo: string, navigate: NavigateFunction): void {
  const fallback = `/recharge-payment?order_no=${encodeURIComponent(orderNo)}`;
  const target = new URL(payUrl || fallback, window.location.origin);
  if (target.origin === window.location.origin) navigate(target.pathname + target.search);
  else window.location.assign(target.href);
}

/** The channel's icon, or a PIX badge when it has none or it fails to load. */
function ChannelIcon({ url }: { url: string }) {
  const [broken, setBroken] = useState(false);
  if (url && !broken) {
    return <img src={url} alt="" onError={() => setBroken(true)} className="size-9 shrink-0 rounded-lg bg-white/5 object-contain p-1" />;
  }
  return (
    <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-[#32bcad]/15 text-xs font-black text-[#32bcad]">
      PIX
    </span>
  );
}

function ChannelOption({ channel, selected, onSelect }: { channel: PaymentChannel; selected: boolean; onSelect: () => void }) {
  const { t } = useTranslation();
  return (
    <label
      className={`flex min-w-0 cursor-pointer items-center gap-3 rounded-xl border p-3 text-left transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-gold ${
        selected ? 'border-money bg-money/10' : 'border-line bg-ink/40 hover:border-money/50'
      }`}
    >
      <input type="radio" name="payment_id" value={channel.id} checked={selected} onChange={onSelect} className="sr-only" />
      <ChannelIcon url={channel.icon} />
      <span className="min-w-0 flex-1">
        <span className="flex items-center gap-2">
          <span className="truncate text-[15px] font-semibold text-white">{channel.name}</span>
          {channel.instant_receipt ? (
            <span className="shrink-0 rounded-full bg-money/15 px-2 py-0.5 text-[11px] font-semibold text-money">
              {t('wallet.instant_receipt')}
            </span>
          ) : null}
        </span>
        <span className="block truncate text-xs text-muted tabular-nums">
          {formatMoney(channel.min)} – {formatMoney(channel.max)}
          {Number(channel.fee) > 0 || Number(channel.fee_fixed) > 0
            ? ` · ${t('wallet.fee')} ${feeText(channel)}`
            : ` · ${t('wallet.no_fee')}`}
        </span>
      </span>
      <span
        className={`size-5 shrink-0 rounded-full border-2 ${selected ? 'border-money bg-money shadow-[inset_0_0_0_3px_var(--color-ink)]' : 'border-line'}`}
        aria-hidden="true"
      />
    </label>
  );
}

function feeText(channel: PaymentChannel): string {
  const parts: string[] = [];
  if (Number(channel.fee) > 0) parts.push(`${channel.fee.replace(/\.?0+$/, '')}%`);
  if (Number(channel.fee_fixed) > 0) parts.push(formatMoney(channel.fee_fixed));
  return parts.join(' + ');
}

/** Channel, amount with quick chips, and the PIX deposit; `compact` is the /cztx variant. */
export function RechargeForm({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const channels = useDepositChannels(loggedIn);
  const bonuses = useDepositBonuses(loggedIn);
  const [channelId, setChannelId] = useState<number | null>(null);
  // A responsible-gaming refusal (a limit, a pause, an exclusion) stays on screen with its reason.
  const [refusal, setRefusal] = useState<string | null>(null);
  const list = channels.data?.list ?? [];
  const channel = list.find((c) => c.id === channelId) ?? list[0] ?? null;
  const form = useForm<Values>({ defaultValues: { money: '', bonus: '' } });
  const { errors, isSubmitting } = form.formState;
  const money = form.watch('money');
  const bonus = form.watch('bonus');
  // One bonus per deposit: the member picks it here unless the site lets bonuses stack.
  const bonusOptions = bonuses.data && !bonuses.data.stacking && bonuses.data.list.length > 0 ? bonuses.data.list : null;

  // A different channel has other limits: re-check an amount already typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the channel is the trigger
  useEffect(() => {
    if (form.formState.isSubmitted) void form.trigger('money');
  }, [channel?.id]);

  const submit = form.handleSubmit(async (values) => {
    if (!channel) return;
    const amount = parseAmountInput(values.money);
    if (amount === null) return;
    setRefusal(null);
    try {
      const chosen = bonusOptions && values.bonus ? { bonus: values.bonus } : {};
      const answer = await createDeposit({ money: toRequestMoney(amount), payment_id: channel.id, payment_type: 'pix', ...chosen });
      goToPayUrl(answer.pay_url, answer.data.order_no, navigate);
    } catch (error) {
      const refused = careRefusalMessage(error);
      if (refused) setRefusal(refused);
      else showSubmitError(error, form.setError, ['money', 'bonus']);
    }
  });

  if (channels.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <Skeleton className="h-16" />
        <Skeleton className="h-12" />
        <Skeleton className="h-24" />
      </div>
    );
  }
  if (channels.isError) return <LoadError error={channels.error} onRetry={() => void channels.refetch()} />;
  if (!channel) return <EmptyState text={t('wallet.no_channels')} />;

  const limits = { min: channel.min, max: channel.max };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={t('pages.recharge')}>
      {compact ? null : (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-[13px] font-medium text-soft">{t('wallet.payment_method')}</legend>
          <div className={`grid gap-2 ${list.length > 1 ? 'sm:grid-cols-2' : ''}`}>
            {list.map((c) => (
              <ChannelOption key={c.id} channel={c} selected={c.id === channel.id} onSelect={() => setChannelId(c.id)} />
            ))}
          </div>
        </fieldset>
      )}
      <FormField
        label={t('wallet.amount')}
        inputMode="decimal"
        autoComplete="off"
        placeholder={t('wallet.amount_placeholder', { min: formatMoney(channel.min), max: formatMoney(channel.max) })}
        hint={t('wallet.limits', { min: formatMoney(channel.min), max: formatMoney(channel.max) })}
        error={errors.money?.message ? t(errors.money.message, { defaultValue: errors.money.message, ...limitsText(limits) }) : undefined}
        {...form.register('money', { validate: (value) => amountProblem(value, limits) ?? true })}
      />
      {channels.data.quick_amounts.length > 0 ? (
        <AmountChips
          amounts={compact ? channels.data.quick_amounts.slice(0, 6) : channels.data.quick_amounts}
          value={money}
          onPick={(amount) => form.setValue('money', amount.replace(/\.00$/, ''), { shouldValidate: form.formState.isSubmitted })}
        />
      ) : null}
      {bonusOptions ? (
        <DepositBonusChoiceField
          options={bonusOptions}
          picked={bonus}
          amountCentavos={parseAmountInput(money)}
          field={form.register('bonus', {
            validate: (pick, values) => bonusProblem(pick, bonusOptions, parseAmountInput(values.money)) ?? true,
          })}
          error={errors.bonus?.message}
        />
      ) : null}
      {refusal ? <CareRefusal message={refusal} /> : null}
      <Button type="submit" variant="money" size="lg" block loading={isSubmitting}>
        {t('wallet.deposit_now')}
      </Button>
      {compact ? null : <p className="text-center text-xs text-muted">{t('wallet.pix_note')}</p>}
    </form>
  );
}

function limitsText(limits: { min: string; max: string }) {
  return { min: formatMoney(limits.min), max: formatMoney(limits.max) };
}

function TradingRules() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const channels = useDepositChannels(loggedIn);
  const rules = channels.data?.trading_rules ?? [];
  if (rules.length === 0) return null;
  return (
    <Card>
      <h2 className="mb-3 text-[15px] font-bold text-white">{t('wallet.trading_rules')}</h2>
      <ol className="flex flex-col gap-3">
        {rules.map((rule, index) => (
          <li key={index} className="flex gap-3">
            <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-gold/15 text-xs font-bold text-gold">
              {index + 1}
            </span>
            <div className="min-w-0">
              <h3 className="text-sm font-semibold text-white">{rule.title}</h3>
              <p className="text-[13px] whitespace-pre-line text-muted">{rule.content}</p>
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}

/** /recharge: payment method, channel, amount (spec section 2). */
export function RechargePage() {
  const { t } = useTranslation();
  return (
    <WalletPage title={t('pages.recharge')} wide>
      <div className="grid items-start gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,360px)]">
        <Card>
          <RechargeForm />
        </Card>
        <TradingRules />
      </div>
    </WalletPage>
  );
}
