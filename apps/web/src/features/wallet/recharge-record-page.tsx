import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Link } from 'react-router';
import { buttonClass } from '../../components/button.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { ChevronRightIcon } from '../../components/icons.tsx';
import { Modal } from '../../components/modal.tsx';
import { formatMoney } from '../../lib/format.ts';
import { useIsLoggedIn } from '../../lib/session.ts';
import { PAGE_SIZE, type RechargeListItem, useRechargeList } from './wallet.api.ts';
import { DetailRow, formatDateTime, ListSkeleton, LoadError, Pager, StatusBadge, WalletPage } from './wallet-ui.tsx';

function methodName(method: string): string {
  return method.toLowerCase() === 'pix' ? 'PIX' : method;
}

function RechargeDetails({ item, onClose }: { item: RechargeListItem; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal title={t('wallet.deposit_details')} onClose={onClose}>
      <div className="flex flex-col items-center gap-2 pt-1 pb-4">
        <p className="text-3xl font-black text-white tabular-nums">{formatMoney(item.amount)}</p>
        <StatusBadge status={item.status} />
      </div>
      <dl className="rounded-2xl border border-line bg-surface px-4">
        <DetailRow label={t('wallet.order_no')}>
          <span className="font-mono">{item.order_no}</span>
        </DetailRow>
        <DetailRow label={t('wallet.amount')}>{formatMoney(item.amount)}</DetailRow>
        <DetailRow label={t('wallet.method')}>{methodName(item.method)}</DetailRow>
        <DetailRow label={t('wallet.status_label')}>{t(`wallet.status.${item.status}`)}</DetailRow>
        <DetailRow label={t('wallet.created_at')}>{formatDateTime(item.created_at)}</DetailRow>
        <DetailRow label={t('wallet.credited_at')}>{formatDateTime(item.credited_at)}</DetailRow>
      </dl>
      {item.status === 'pending' ? (
        <Link to={`/recharge-payment?order_no=${encodeURIComponent(item.order_no)}`} className={buttonClass('money', 'lg', 'mt-4 w-full')}>
          {t('wallet.continue_payment')}
        </Link>
      ) : null}
    </Modal>
  );
}

/** /rechargeRecord: order number, amount, method, status and time, with a details view. */
export function RechargeRecordPage() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<RechargeListItem | null>(null);
  const records = useRechargeList(page, loggedIn);

  let body: ReactNode;
  if (records.isPending) body = <ListSkeleton />;
  else if (records.isError) body = <LoadError error={records.error} onRetry={() => void records.refetch()} />;
  else if (records.data.list.length === 0)
    body = (
      <EmptyState text={t('empty.no_records')}>
        <Link to="/recharge" className={buttonClass('money', 'sm')}>
          {t('wallet.deposit_now')}
        </Link>
      </EmptyState>
    );
  else
    body = (
      <>
        <ul className="flex flex-col gap-2.5" aria-label={t('pages.recharge_record')}>
          {records.data.list.map((item) => (
            <li key={item.order_no}>
              <button
                type="button"
                onClick={() => setOpen(item)}
                className="flex w-full items-center gap-3 rounded-2xl border border-line/70 bg-surface p-3.5 text-left transition hover:border-gold/40"
              >
                <div className="min-w-0 flex-1">
                  <div className="flex items-center gap-2">
                    <span className="text-base font-bold text-white tabular-nums">{formatMoney(item.amount)}</span>
                    <span className="text-xs text-muted">· {methodName(item.method)}</span>
                  </div>
                  <p className="truncate font-mono text-xs text-muted">{item.order_no}</p>
                  <p className="text-xs text-muted">{formatDateTime(item.created_at)}</p>
                </div>
                <StatusBadge status={item.status} />
                <ChevronRightIcon size={18} className="shrink-0 text-muted" />
              </button>
            </li>
          ))}
        </ul>
        <Pager page={page} total={records.data.total} pageSize={PAGE_SIZE} onPage={setPage} />
      </>
    );

  return (
    <WalletPage title={t('pages.recharge_record')}>
      {body}
      {open ? <RechargeDetails item={open} onClose={() => setOpen(null)} /> : null}
    </WalletPage>
  );
}
