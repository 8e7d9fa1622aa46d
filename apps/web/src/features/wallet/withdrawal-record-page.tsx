import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Link } from 'react-router';
import { buttonClass } from '../../components/button.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { AlertIcon } from '../../components/icons.tsx';
import { formatMoney } from '../../lib/format.ts';
import { subscribe } from '../../lib/realtime.ts';
import { useIsLoggedIn } from '../../lib/session.ts';
import { moneyCentavos } from '../../lib/user.ts';
import { PAGE_SIZE, useWithdrawalList, type Withdrawal } from './wallet.api.ts';
import { formatDateTime, ListSkeleton, LoadError, Pager, StatusBadge, WalletPage } from './wallet-ui.tsx';

function WithdrawalItem({ item }: { item: Withdrawal }) {
  const { t } = useTranslation();
  const finishedAt = item.paid_at ?? item.reviewed_at;
  return (
    <li className="rounded-2xl border border-line/70 bg-surface p-3.5" data-testid="withdrawal-row" data-order={item.order_no}>
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <p className="text-base font-bold text-white tabular-nums">{formatMoney(item.amount)}</p>
          <p className="truncate text-xs text-muted">
            PIX · {t(`wallet.key_types.${item.account_type}`, { defaultValue: item.account_type })} ·{' '}
            <span className="font-mono">{item.account_masked}</span>
          </p>
        </div>
        <StatusBadge status={item.status} />
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
        <dt className="text-muted">{t('wallet.order_no')}</dt>
        <dd className="truncate text-right font-mono text-soft">{item.order_no}</dd>
        <dt className="text-muted">{t('wallet.created_at')}</dt>
        <dd className="text-right text-soft">{formatDateTime(item.created_at)}</dd>
        {moneyCentavos(item.fee) > 0 ? (
          <>
            <dt className="text-muted">{t('wallet.fee')}</dt>
            <dd className="text-right text-soft">{formatMoney(item.fee)}</dd>
          </>
        ) : null}
        {finishedAt ? (
          <>
            <dt className="text-muted">{t(item.paid_at ? 'wallet.paid_at' : 'wallet.reviewed_at')}</dt>
            <dd className="text-right text-soft">{formatDateTime(finishedAt)}</dd>
          </>
        ) : null}
      </dl>
      {item.reject_reason ? (
        <p
          className="mt-2.5 flex gap-2 rounded-xl bg-danger/10 p-2.5 text-[13px] text-soft ring-1 ring-danger/25 ring-inset"
          data-testid="reject-reason"
        >
          <AlertIcon size={16} className="mt-0.5 shrink-0 text-danger" />
          <span>
            <span className="font-semibold text-danger">{t('wallet.reject_reason')}: </span>
            {item.reject_reason}
          </span>
        </p>
      ) : null}
    </li>
  );
}

/** /withdrawalRecord: every withdrawal with its review state; updates when the server pushes one. */
export function WithdrawalRecordPage() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const records = useWithdrawalList(page, loggedIn);

  useEffect(
    () =>
      subscribe((message) => {
        if (message.type === 'withdrawal') void queryClient.invalidateQueries({ queryKey: ['wallet', 'withdrawals'] });
      }),
    [queryClient],
  );

  let body: ReactNode;
  if (records.isPending) body = <ListSkeleton />;
  else if (records.isError) body = <LoadError error={records.error} onRetry={() => void records.refetch()} />;
  else if (records.data.list.length === 0)
    body = (
      <EmptyState text={t('empty.no_records')}>
        <Link to="/withdraw" className={buttonClass('gold', 'sm')}>
          {t('wallet.withdraw_now')}
        </Link>
      </EmptyState>
    );
  else
    body = (
      <>
        <ul className="flex flex-col gap-2.5" aria-label={t('pages.withdrawal_record')}>
          {records.data.list.map((item) => (
            <WithdrawalItem key={item.order_no} item={item} />
          ))}
        </ul>
        <Pager page={page} total={records.data.total} pageSize={PAGE_SIZE} onPage={setPage} />
      </>
    );

  return <WalletPage title={t('pages.withdrawal_record')}>{body}</WalletPage>;
}
