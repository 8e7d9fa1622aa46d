import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClass } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { AlertIcon, CheckIcon, CopyIcon } from '../../components/icons.tsx';
import { Skeleton, Spinner } from '../../components/spinner.tsx';
import { formatMoney } from '../../lib/format.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { subscribe } from '../../lib/realtime.ts';
import { useIsLoggedIn } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { refreshUser } from '../../lib/user.ts';
import { type DepositOrder, useDepositOrder, walletKeys } from './wallet.api.ts';
import { LoadError, StatusBadge, WalletPage } from './wallet-ui.tsx';

/** Seconds left until `iso`, ticking once a second while above zero. */
function useSecondsLeft(iso: string | undefined, running: boolean): number {
  const deadlineMs = iso ? new Date(iso).getTime() : Number.NaN;
  const compute = () => (Number.isNaN(deadlineMs) ? 0 : Math.max(0, Math.ceil((deadlineMs - Date.now()) / 1000)));
  const [seconds, setSeconds] = useState(compute);
  // biome-ignore lint/correctness/useExhaustiveDependencies: compute reads deadlineMs only
  useEffect(() => {
    setSeconds(compute());
    if (!running) return;
    const timer = window.setInterval(() => {
      const left = compute();
      setSeconds(left);
      if (left <= 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [deadlineMs, running]);
  return seconds;
}

/** The sandbox bank speaks the player's language too. */
function withLanguage(url: string): string {
  const target = new URL(url, window.location.origin);
  if (!target.searchParams.has('lang')) target.searchParams.set('lang', currentLanguage());
  return target.origin === window.location.origin ? target.pathname + target.search : target.href;
}

function formatCountdown(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const mm = String(m).padStart(2, '0');
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Older browsers and insecure origins: a hidden textarea and execCommand.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const done = document.execCommand('copy');
    area.remove();
    return done;
  }
}

function CopyCode({ code }: { code: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (await copyText(code)) {
      setCopied(true);
      toast.success(t('wallet.code_copied'));
      window.setTimeout(() => setCopied(false), 2000);
    }
  };
  return (
    <div className="flex flex-col gap-2">
      <span className="text-[13px] font-medium text-soft">{t('wallet.pix_copy_paste')}</span>
      <p
        className="max-h-24 overflow-y-auto rounded-xl border border-line bg-ink/60 p-3 font-mono text-xs leading-relaxed break-all text-soft select-all"
        data-testid="pix-code"
      >
        {code}
      </p>
      <Button variant="outline" block onClick={copy}>
        {copied ? <CheckIcon size={18} /> : <CopyIcon size={18} />}
        {copied ? t('common.copied') : t('wallet.copy_code')}
      </Button>
    </div>
  );
}

function Credited({ order }: { order: DepositOrder }) {
  const { t } = useTranslation();
  return (
    <Card className="flex flex-col items-center gap-4 py-8 text-center" data-testid="deposit-credited">
      <span className="flex size-16 items-center justify-center rounded-full bg-money/15 text-money ring-8 ring-money/5">
        <CheckIcon size={34} />
      </span>
      <div>
        <h2 className="text-xl font-bold text-white">{t('wallet.credited_title')}</h2>
        <p className="mt-1 text-sm text-soft">{t('wallet.credited_text', { amount: formatMoney(order.amount) })}</p>
      </div>
      <p className="text-3xl font-black text-money tabular-nums">{formatMoney(order.amount)}</p>
      <div className="grid w-full max-w-sm grid-cols-2 gap-3">
        <Link to="/rechargeRecord" className={buttonClass('ghost', 'md')}>
          {t('pages.recharge_record')}
        </Link>
        <Link to="/game" className={buttonClass('gold', 'md')}>
          {t('wallet.play_now')}
        </Link>
      </div>
    </Card>
  );
}

const CLOSED_TEXTS = {
  expired: ['wallet.expired_title', 'wallet.expired_text'],
  failed: ['wallet.failed_title', 'wallet.failed_text'],
  // Paid from a CPF that is not the member's: not credited, returned to the payer (issue 12 item 7).
  refunded: ['wallet.refunded_title', 'wallet.refunded_text'],
  refund_pending: ['wallet.refund_pending_title', 'wallet.refunded_text'],
} as const;

function Closed({ status }: { status: keyof typeof CLOSED_TEXTS }) {
  const { t } = useTranslation();
  return (
    <Card className="flex flex-col items-center gap-4 py-8 text-center" data-testid={`deposit-${status}`}>
      <span className="flex size-16 items-center justify-center rounded-full bg-danger/10 text-danger">
        <AlertIcon size={34} />
      </span>
      <div>
        <h2 className="text-xl font-bold text-white">{t(CLOSED_TEXTS[status][0])}</h2>
        <p className="mt-1 text-sm text-soft">{t(CLOSED_TEXTS[status][1])}</p>
      </div>
      <Link to="/recharge" className={buttonClass('money', 'lg', 'w-full max-w-sm')}>
        {t('wallet.new_deposit')}
      </Link>
    </Card>
  );
}

function Pending({ order, secondsLeft }: { order: DepositOrder; secondsLeft: number }) {
  const { t } = useTranslation();
  return (
    <div className="grid items-start gap-4 md:grid-cols-[minmax(0,320px)_minmax(0,1fr)]">
      <Card className="flex flex-col items-center gap-3 text-center">
        <p className="text-sm text-muted">{t('wallet.amount_to_pay')}</p>
        <p className="text-3xl font-black text-white tabular-nums" data-testid="deposit-amount">
          {formatMoney(order.amount)}
        </p>
        <div className="rounded-2xl bg-white p-3 shadow-[0_0_0_6px_rgba(245,196,81,0.15)]">
          <img src={order.qr_image} alt={t('wallet.qr_alt')} width={220} height={220} className="size-[168px] md:size-[220px]" />
        </div>
        <div className="flex items-center gap-2 text-sm text-soft" role="status" aria-live="polite">
          <Spinner size={14} />
          <span>{t('wallet.waiting_payment')}</span>
        </div>
        <p className="text-xs text-muted">
          {t('wallet.expires_in')}{' '}
          <span className="font-mono text-base font-bold text-gold tabular-nums" data-testid="countdown">
            {formatCountdown(secondsLeft)}
          </span>
        </p>
      </Card>
      <Card className="flex flex-col gap-4">
        <CopyCode code={order.br_code} />
        {order.sandbox_pay_url ? (
          <div className="flex flex-col gap-1.5 rounded-xl border border-dashed border-money/40 bg-money/5 p-3">
            <a href={withLanguage(order.sandbox_pay_url)} target="_blank" rel="noopener" className={buttonClass('money', 'lg', 'w-full')}>
              {t('wallet.pay_in_sandbox')}
            </a>
            <p className="text-center text-xs text-muted">{t('wallet.sandbox_note')}</p>
          </div>
        ) : null}
        <ol className="flex flex-col gap-2 border-t border-line/60 pt-4 text-sm text-soft">
          {['wallet.step_1', 'wallet.step_2', 'wallet.step_3'].map((key, index) => (
            <li key={key} className="flex gap-2.5">
              <span className="flex size-5 shrink-0 items-center justify-center rounded-full bg-gold/15 text-[11px] font-bold text-gold">
                {index + 1}
              </span>
              {t(key)}
            </li>
          ))}
        </ol>
        <dl className="grid grid-cols-2 gap-2 text-xs">
          <dt className="text-muted">{t('wallet.order_no')}</dt>
          <dd className="text-right font-mono break-all text-soft">{order.order_no}</dd>
          <dt className="text-muted">{t('wallet.status_label')}</dt>
          <dd className="text-right">
            <StatusBadge status={order.status} />
          </dd>
        </dl>
      </Card>
    </div>
  );
}

/** /recharge-payment?order_no=: the PIX charge, live until credited or expired (no polling). */
export function RechargePaymentPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const orderNo = params.get('order_no') ?? '';
  const loggedIn = useIsLoggedIn();
  const queryClient = useQueryClient();
  const order = useDepositOrder(orderNo, loggedIn);
  const status = order.data?.status;
  const secondsLeft = useSecondsLeft(order.data?.expires_at, status === 'pending');
  const expiredLocally = status === 'pending' && order.data !== undefined && secondsLeft <= 0;

  // The server pushes the credit; the header balance follows its own balance message.
  useEffect(() => {
    if (!orderNo) return;
    return subscribe((message) => {
      if (message.type !== 'deposit' || message.data.order_no !== orderNo) return;
      queryClient.setQueryData<DepositOrder>(walletKeys.order(orderNo), (current) =>
        current ? { ...current, status: message.data.status as DepositOrder['status'] } : current,
      );
      void queryClient.invalidateQueries({ queryKey: walletKeys.order(orderNo) });
      void queryClient.invalidateQueries({ queryKey: ['wallet', 'recharges'] });
      if (message.data.status === 'credited') void refreshUser();
    });
  }, [orderNo, queryClient]);

  // A phone suspends the page (and may drop the socket) while the player is in the bank's app:
  // coming back asks the server once instead of trusting a push that may have been missed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: refetch is stable enough; status gates it
  useEffect(() => {
    if (status !== 'pending') return;
    const onVisible = () => {
      if (document.visibilityState === 'visible') void order.refetch();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [status]);

  // Once the clock runs out, ask the server once: it may have been paid in the last second.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the transition is the trigger
  useEffect(() => {
    if (expiredLocally) void order.refetch();
  }, [expiredLocally]);

  let body: ReactNode;
  if (!orderNo) body = <EmptyState text={t('empty.no_data')} />;
  else if (order.isPending)
    body = (
      <div className="grid gap-4 md:grid-cols-[320px_1fr]" aria-busy="true">
        <Skeleton className="h-[380px]" />
        <Skeleton className="h-[380px]" />
      </div>
    );
  else if (order.isError) body = <LoadError error={order.error} onRetry={() => void order.refetch()} />;
  else if (order.data.status === 'credited') body = <Credited order={order.data} />;
  else if (order.data.status === 'failed') body = <Closed status="failed" />;
  else if (order.data.status === 'refunded' || order.data.status === 'refund_pending') body = <Closed status={order.data.status} />;
  else if (order.data.status === 'expired' || expiredLocally) body = <Closed status="expired" />;
  else body = <Pending order={order.data} secondsLeft={secondsLeft} />;

  return (
    <WalletPage title={t('pages.recharge_payment')} wide>
      {body}
    </WalletPage>
  );
}
