import { formatCpf } from '@casino/shared/pix/cpf';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Badge, PageHeader } from '../../../components/feedback';
import { RefreshButton } from '../../../components/filter-bar';
import { CheckIcon, CloseIcon } from '../../../components/icons';
import { PagedSection } from '../../../components/query-section';
import { toast } from '../../../components/toaster';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { oneOf, pageParam, useUrlFilters } from '../../../lib/use-url-filters';
import {
  type AdminKycSubmission,
  KYC_PAGE_SIZE,
  type KycDecision,
  type KycSide,
  type KycTab,
  useDecideKyc,
  useDocumentUrl,
  useKycSubmissions,
} from '../api/kyc';

const TABS = ['pending', 'approved', 'rejected', 'all'] as const;
type Tab = (typeof TABS)[number];
const SIDES: KycSide[] = ['front', 'back', 'selfie'];

const STATUS_TONE = { pending: 'amber', approved: 'green', rejected: 'red' } as const;

/** The back office's identity queue: each submission with its three documents, the registry's view, and the override. */
export function KycQueuePage() {
  const { t } = useTranslation();
  const { params, update } = useUrlFilters<'status'>();
  const tab: Tab = oneOf(params, 'status', TABS) || 'pending';
  const status: KycTab = tab === 'all' ? '' : tab;
  const submissions = useKycSubmissions({ status, page: pageParam(params) });
  const [deciding, setDeciding] = useState<{ row: AdminKycSubmission; decision: KycDecision['decision'] } | null>(null);

  return (
    <>
      <PageHeader
        title={t('kyc.title')}
        subtitle={t('kyc.subtitle')}
        actions={<RefreshButton busy={submissions.isFetching} onRefresh={() => void submissions.refetch()} />}
      />
      <div role="tablist" aria-label={t('kyc.tabs_label')} className="-mx-3 mb-4 flex gap-1 overflow-x-auto px-3 pb-1 sm:mx-0 sm:px-0">
        {TABS.map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={value === tab}
            data-tab={value}
            onClick={() => update({ status: value === 'pending' ? '' : value, page: 1 })}
            className={`inline-flex h-9 shrink-0 items-center rounded-lg px-3 text-sm font-medium transition-colors ${
              value === tab
                ? 'bg-gold-400/10 text-gold-300 ring-1 ring-gold-400/30 ring-inset'
                : 'text-slate-400 hover:bg-white/5 hover:text-white'
            }`}
          >
            {t(`kyc.tab.${value}`)}
          </button>
        ))}
      </div>
      <PagedSection
        query={submissions}
        skeleton={{ columns: 4 }}
        empty={{
          title: tab === 'pending' ? t('kyc.empty_pending') : t('kyc.empty'),
          hint: tab === 'pending' ? t('kyc.empty_pending_hint') : undefined,
        }}
        pageSize={KYC_PAGE_SIZE}
        onPageChange={(page) => update({ page })}
      >
        {(rows) => (
          <ul className="space-y-3" data-testid="kyc-queue">
            {rows.map((row) => (
              <SubmissionCard key={row.id} row={row} onDecide={(decision) => setDeciding({ row, decision })} />
            ))}
          </ul>
        )}
      </PagedSection>
      {deciding && <DecisionDialog row={deciding.row} decision={deciding.decision} onClose={() => setDeciding(null)} />}
    </>
  );
}

/** One document: an image as a thumbnail that opens full size, a PDF as a link that opens it. */
function DocumentThumb({ id, side, mime }: { id: number; side: KycSide; mime: string }) {
  const { t } = useTranslation();
  const { url, failed } = useDocumentUrl(id, side);
  const label = t(`kyc.side.${side}`);
  const frame = 'flex h-32 w-full items-center justify-center overflow-hidden rounded-lg border border-white/10 bg-navy-950/60';
  let body = <span className="text-xs text-slate-500">{failed ? t('kyc.document_unavailable') : t('common.loading')}</span>;
  if (url && mime.startsWith('image/')) body = <img src={url} alt={label} className="h-full w-full object-contain" />;
  else if (url) body = <span className="text-sm font-semibold text-gold-300">{t('kyc.open_pdf')}</span>;
  return (
    <figure className="min-w-0 space-y-1">
      {url ? (
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className={`${frame} hover:border-gold-400/50`}
          data-testid={`kyc-doc-${side}`}
        >
          {body}
        </a>
      ) : (
        <div className={frame}>{body}</div>
      )}
      <figcaption className="text-xs text-slate-400">{label}</figcaption>
    </figure>
  );
}

/** What the member declared next to what the registry says, mismatches marked. */
function Comparison({ row }: { row: AdminKycSubmission }) {
  const { t } = useTranslation();
  const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
  const nameOk = row.registry ? fold(row.registry.full_name) === fold(row.full_name) : false;
  const birthOk = row.registry ? row.registry.birth_date === row.birth_date : false;
  const cell = (ok: boolean) => (row.registry ? (ok ? 'text-emerald-300' : 'text-rose-300') : 'text-slate-500');
  return (
    <dl className="grid grid-cols-[auto_1fr_1fr] gap-x-3 gap-y-1 text-xs">
      <dt />
      <dd className="text-slate-500">{t('kyc.declared')}</dd>
      <dd className="text-slate-500">{t('kyc.registry')}</dd>
      <dt className="text-slate-400">{t('kyc.cpf')}</dt>
      <dd className="font-mono text-slate-200">{row.cpf ? formatCpf(row.cpf) : '—'}</dd>
      <dd className="text-slate-500">{row.cpf && !row.registry ? t('kyc.not_in_registry') : ''}</dd>
      <dt className="text-slate-400">{t('kyc.full_name')}</dt>
      <dd className="text-slate-200">{row.full_name}</dd>
      <dd className={cell(nameOk)}>{row.registry?.full_name ?? '—'}</dd>
      <dt className="text-slate-400">{t('kyc.birth_date')}</dt>
      <dd className="text-slate-200">{row.birth_date ?? '—'}</dd>
      <dd className={cell(birthOk)}>{row.registry?.birth_date ?? '—'}</dd>
    </dl>
  );
}

function SubmissionCard({ row, onDecide }: { row: AdminKycSubmission; onDecide: (decision: KycDecision['decision']) => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <li className="card space-y-3 p-4" data-submission={row.id}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <Link to={`/members/${row.member_id}`} className="font-medium text-gold-300 hover:text-gold-400 hover:underline">
            {row.member_account}
          </Link>
          <p className="text-xs text-slate-500">
            #{row.member_id} · {t('kyc.sent_at', { when: formatDateTime(row.created_at, language) })}
          </p>
        </div>
        <div className="text-right text-xs">
          <Badge tone={STATUS_TONE[row.status]}>{t(`kyc.status.${row.status}`)}</Badge>
          {row.decided_at && (
            <p className="mt-1 text-slate-400">
              {formatDateTime(row.decided_at, language)} ·{' '}
              {row.decided_by === 'operator'
                ? (row.operator_username ?? t('kyc.by_operator'))
                : t('kyc.by_provider', { provider: row.provider })}
            </p>
          )}
          {row.reason && <p className="mt-0.5 max-w-72 text-rose-300/90">{t(`kyc.reasons.${row.reason}`, { defaultValue: row.reason })}</p>}
        </div>
      </div>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)]">
        <div className="grid grid-cols-3 gap-2">
          {SIDES.map((side) => {
            const document = row.documents.find((d) => d.side === side);
            return document ? <DocumentThumb key={side} id={row.id} side={side} mime={document.mime} /> : null;
          })}
        </div>
        <div className="space-y-3">
          <Comparison row={row} />
          <div className="flex flex-wrap gap-1.5">
            {row.status !== 'approved' && (
              <button type="button" className="btn-success h-8 px-2.5" onClick={() => onDecide('approved')}>
                <CheckIcon width={15} height={15} />
                {t('kyc.approve')}
              </button>
            )}
            {row.status !== 'rejected' && (
              <button type="button" className="btn-secondary h-8 px-2.5" onClick={() => onDecide('rejected')}>
                <CloseIcon width={15} height={15} className="text-rose-400" />
                {t('kyc.reject')}
              </button>
            )}
          </div>
        </div>
      </div>
    </li>
  );
}

function DecisionDialog({ row, decision, onClose }: { row: AdminKycSubmission; decision: KycDecision['decision']; onClose: () => void }) {
  const { t } = useTranslation();
  const decide = useDecideKyc();
  const approve = decision === 'approved';
  return (
    <ConfirmDialog
      open
      title={approve ? t('kyc.approve_title') : t('kyc.reject_title')}
      description={
        <p>
          {approve
            ? t('kyc.approve_description', { account: row.member_account })
            : t('kyc.reject_description', { account: row.member_account })}
          {row.status !== 'pending' ? ` ${t('kyc.override_note')}` : ''}
        </p>
      }
      confirmLabel={approve ? t('kyc.approve') : t('kyc.reject')}
      tone={approve ? 'primary' : 'danger'}
      withReason
      reasonRequired={!approve}
      pending={decide.isPending}
      error={decide.isError ? errorMessage(decide.error) : null}
      onConfirm={(reason) =>
        decide.mutate(
          { id: row.id, decision, reason },
          {
            onSuccess: ({ message }) => {
              toast.success(message || t('kyc.decided'));
              onClose();
            },
          },
        )
      }
      onClose={() => {
        if (!decide.isPending) onClose();
      }}
    />
  );
}
