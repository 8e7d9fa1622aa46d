import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState, ErrorState, TableSkeleton } from '../../../components/feedback';
import { WithdrawalStatusBadge } from '../../../components/money-status';
import { Pagination } from '../../../components/pagination';
import { errorMessage } from '../../../lib/api-client';
import { usePermission } from '../../../lib/auth';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { MEMBER_WITHDRAWALS_PAGE_SIZE, useMemberWithdrawals } from '../api/member-money';

/** The member's withdrawals in every status; the decisions themselves are taken in the review queue. */
export function MemberWithdrawals({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [page, setPage] = useState(1);
  const withdrawals = useMemberWithdrawals(memberId, page);
  const canReview = usePermission('withdrawals.review');

  if (withdrawals.isPending) return <TableSkeleton columns={6} rows={3} />;
  if (withdrawals.isError) return <ErrorState message={errorMessage(withdrawals.error)} onRetry={() => void withdrawals.refetch()} />;
  if (withdrawals.data.list.length === 0) return <EmptyState title={t('member.withdrawals.empty')} />;
  return (
    <>
      <div className={`overflow-x-auto transition-opacity ${withdrawals.isPlaceholderData ? 'opacity-60' : ''}`}>
        <table className="data-table" data-testid="member-withdrawals-table">
          <thead>
            <tr>
              <th scope="col">{t('withdrawals.columns.order')}</th>
              <th scope="col" className="text-right">
                {t('withdrawals.columns.amount')}
              </th>
              <th scope="col">{t('withdrawals.columns.pix_key')}</th>
              <th scope="col">{t('member.withdrawals.status')}</th>
              <th scope="col">{t('withdrawals.columns.requested')}</th>
              <th scope="col">{t('member.withdrawals.reviewed')}</th>
            </tr>
          </thead>
          <tbody>
            {withdrawals.data.list.map((row) => (
              <tr key={row.id} data-order={row.order_no} data-status={row.status}>
                <td className="whitespace-nowrap font-mono text-xs text-slate-300">{row.order_no}</td>
                <td className="whitespace-nowrap text-right font-semibold text-white tabular-nums">{formatMoney(row.amount, language)}</td>
                <td className="max-w-64">
                  <p className="truncate font-mono text-xs text-slate-200">{row.pix_key}</p>
                  <p className="truncate text-[11px] text-slate-500">{row.holder_name}</p>
                </td>
                <td>
                  <WithdrawalStatusBadge status={row.status} />
                  {row.status === 'pending_review' && canReview && (
                    <Link to="/withdrawals" className="ml-2 text-xs text-gold-300/90 hover:text-gold-300 hover:underline">
                      {t('member.withdrawals.review')}
                    </Link>
                  )}
                  {row.reject_reason && (
                    <p className="mt-0.5 max-w-56 truncate text-xs text-rose-300/90" title={row.reject_reason}>
                      {row.reject_reason}
                    </p>
                  )}
                </td>
                <td className="whitespace-nowrap text-slate-400">{formatDateTime(row.created_at, language)}</td>
                <td className="whitespace-nowrap text-slate-400">
                  {formatDateTime(row.reviewed_at, language)}
                  {row.reviewed_by && <p className="text-xs text-slate-500">{row.reviewed_by}</p>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination
        page={withdrawals.data.page}
        pageSize={withdrawals.data.page_size || MEMBER_WITHDRAWALS_PAGE_SIZE}
        total={withdrawals.data.total}
        busy={withdrawals.isFetching}
        onPageChange={setPage}
      />
    </>
  );
}
