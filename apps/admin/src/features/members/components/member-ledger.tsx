import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, EmptyState, ErrorState, TableSkeleton } from '../../../components/feedback';
import { SignedMoney } from '../../../components/money-status';
import { Pagination } from '../../../components/pagination';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import type { LedgerEntry } from '../../../lib/types';
import { LEDGER_PAGE_SIZE, useMemberLedger } from '../api/member-money';

/** The reason an operator or the system attached to the transfer, when it carries one. */
function metaReason(meta: unknown): string | null {
  if (meta && typeof meta === 'object' && 'reason' in meta && typeof meta.reason === 'string') return meta.reason;
  return null;
}

const KIND_TONES: Record<string, 'gold' | 'blue' | 'green' | 'slate'> = { cash: 'gold', bonus: 'blue', rebate: 'green' };

/** Every entry on the member's accounts, newest first: what moved, why, and the balance it left. */
export function MemberLedger({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const ledger = useMemberLedger(memberId, page);

  if (ledger.isPending) return <TableSkeleton columns={6} rows={5} />;
  if (ledger.isError) return <ErrorState message={errorMessage(ledger.error)} onRetry={() => void ledger.refetch()} />;
  if (ledger.data.list.length === 0) return <EmptyState title={t('ledger.empty')} hint={t('ledger.empty_hint')} />;
  return (
    <>
      <div className={`transition-opacity ${ledger.isPlaceholderData ? 'opacity-60' : ''}`}>
        <LedgerTable entries={ledger.data.list} />
        <LedgerCards entries={ledger.data.list} />
      </div>
      <Pagination
        page={ledger.data.page}
        pageSize={ledger.data.page_size || LEDGER_PAGE_SIZE}
        total={ledger.data.total}
        busy={ledger.isFetching}
        onPageChange={setPage}
      />
    </>
  );
}

function KindBadge({ kind }: { kind: string }) {
  const { t } = useTranslation();
  return <Badge tone={KIND_TONES[kind] ?? 'slate'}>{t(`ledger.kinds.${kind}`, { defaultValue: kind })}</Badge>;
}

function CodeCell({ entry }: { entry: LedgerEntry }) {
  const { t } = useTranslation();
  const reason = metaReason(entry.meta);
  return (
    <div className="min-w-0">
      <p className="text-slate-200">{t(`ledger.codes.${entry.code}`, { defaultValue: entry.code })}</p>
      <p className="font-mono text-[11px] text-slate-500">
        {entry.code} · #{entry.transfer_id}
      </p>
      {reason && (
        <p className="mt-0.5 max-w-72 truncate text-xs text-slate-400" title={reason}>
          “{reason}”
        </p>
      )}
    </div>
  );
}

function LedgerTable({ entries }: { entries: LedgerEntry[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <div className="hidden overflow-x-auto md:block">
      <table className="data-table" data-testid="ledger-table">
        <thead>
          <tr>
            <th scope="col">{t('ledger.columns.time')}</th>
            <th scope="col">{t('ledger.columns.account')}</th>
            <th scope="col">{t('ledger.columns.code')}</th>
            <th scope="col" className="text-right">
              {t('ledger.columns.amount')}
            </th>
            <th scope="col" className="text-right">
              {t('ledger.columns.balance_after')}
            </th>
            <th scope="col">{t('ledger.columns.key')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} data-code={entry.code} className="transition-colors hover:bg-white/[0.025]">
              <td className="whitespace-nowrap text-slate-400">{formatDateTime(entry.created_at, language)}</td>
              <td>
                <KindBadge kind={entry.account_kind} />
              </td>
              <td>
                <CodeCell entry={entry} />
              </td>
              <td className="whitespace-nowrap text-right">
                <SignedMoney value={entry.amount} formatted={formatMoney(entry.amount, language)} />
              </td>
              <td className="whitespace-nowrap text-right text-slate-200 tabular-nums">{formatMoney(entry.balance_after, language)}</td>
              <td className="max-w-60 truncate font-mono text-[11px] text-slate-500" title={entry.idempotency_key}>
                {entry.idempotency_key}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function LedgerCards({ entries }: { entries: LedgerEntry[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <ul className="divide-y divide-white/5 md:hidden" data-testid="ledger-cards">
      {entries.map((entry) => (
        <li key={entry.id} data-code={entry.code} className="space-y-1 px-3 py-3">
          <div className="flex items-start justify-between gap-3">
            <div className="flex min-w-0 items-center gap-2">
              <KindBadge kind={entry.account_kind} />
              <span className="truncate text-slate-200">{t(`ledger.codes.${entry.code}`, { defaultValue: entry.code })}</span>
            </div>
            <SignedMoney value={entry.amount} formatted={formatMoney(entry.amount, language)} />
          </div>
          <div className="flex items-center justify-between gap-3 text-xs text-slate-500">
            <span>{formatDateTime(entry.created_at, language)}</span>
            <span className="tabular-nums">
              {t('ledger.columns.balance_after')}: <span className="text-slate-300">{formatMoney(entry.balance_after, language)}</span>
            </span>
          </div>
          {metaReason(entry.meta) && <p className="truncate text-xs text-slate-400">“{metaReason(entry.meta)}”</p>}
          <p className="truncate font-mono text-[11px] text-slate-600">{entry.idempotency_key}</p>
        </li>
      ))}
    </ul>
  );
}
