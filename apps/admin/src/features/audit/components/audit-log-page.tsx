import { type FormEvent, Fragment, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { Badge, PageHeader } from '../../../components/feedback';
import { FilterActions, FilterBar } from '../../../components/filter-bar';
import { Field } from '../../../components/form-field';
import { ChevronDownIcon } from '../../../components/icons';
import { PagedSection } from '../../../components/query-section';
import { formatDateTime, formatNumber } from '../../../lib/format';
import type { AuditItem } from '../../../lib/types';
import { useLanguage } from '../../../lib/use-language';
import { useToggleSet } from '../../../lib/use-toggle-set';
import { pageParam, useUrlFilters } from '../../../lib/use-url-filters';
import { AUDIT_PAGE_SIZE, useAuditLog } from '../api/audit-log';
import { diffRows, showValue } from './audit-diff';

/** Actions the back office knows how to name; others are shown as the server writes them. */
const KNOWN_ACTIONS = [
  'member.force_offline',
  'member.freeze',
  'member.unfreeze',
  'member.adjust_cash',
  'withdrawal.approve',
  'withdrawal.reject',
  'withdrawal.payout_failed',
  'channel.update',
  'operator.create',
  'operator.login',
  'operator.logout',
  'operator.totp_enabled',
  'operator.totp_disabled',
  'operator.totp_reset',
  'operator.recovery_codes_regenerated',
  'operator.recovery_code_used',
];

export function AuditLogPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { params, update: applyFilters, clear } = useUrlFilters<'action' | 'target_id'>();
  const action = params.get('action') ?? '';
  const targetId = params.get('target_id') ?? '';
  const audit = useAuditLog({ action, targetId, page: pageParam(params) });
  const expanded = useToggleSet<number>();
  const actionId = useId();
  const targetInputId = useId();
  const datalistId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    applyFilters({ action: String(form.get('action') ?? '').trim(), target_id: String(form.get('target_id') ?? '').trim(), page: 1 });
  }

  const seenActions = new Set([...KNOWN_ACTIONS, ...(audit.data?.list.map((row) => row.action) ?? [])]);
  const filtered = action !== '' || targetId !== '';

  return (
    <>
      <PageHeader
        title={t('audit.title')}
        subtitle={audit.data ? t('common.total', { total: formatNumber(audit.data.total, language) }) : t('audit.subtitle')}
      />
      <FilterBar key={`${action}|${targetId}`} onSubmit={submit} className="flex flex-col gap-3 p-3 sm:flex-row sm:items-end">
        <Field label={t('audit.filter_action')} id={actionId} className="flex-1">
          <input
            id={actionId}
            name="action"
            defaultValue={action}
            list={datalistId}
            maxLength={64}
            autoComplete="off"
            placeholder={t('audit.filter_action_placeholder')}
            className="input"
          />
          <datalist id={datalistId}>
            {[...seenActions].map((value) => (
              <option key={value} value={value}>
                {actionLabel(t, value)}
              </option>
            ))}
          </datalist>
        </Field>
        <Field label={t('audit.filter_target')} id={targetInputId} className="sm:w-48">
          <input id={targetInputId} name="target_id" defaultValue={targetId} maxLength={64} autoComplete="off" className="input" />
        </Field>
        <FilterActions applyLabel={t('audit.apply')} clearLabel={t('audit.clear')} filtered={filtered} onClear={clear} />
      </FilterBar>

      <PagedSection
        query={audit}
        skeleton={{ columns: 6 }}
        empty={{ title: filtered ? t('audit.empty_filtered') : t('audit.empty') }}
        pageSize={AUDIT_PAGE_SIZE}
        onPageChange={(page) => applyFilters({ page })}
      >
        {(list) => (
          <DataTable
            testId="audit-table"
            columns={[
              { label: t('audit.columns.time') },
              { label: t('audit.columns.operator') },
              { label: t('audit.columns.action') },
              { label: t('audit.columns.target') },
              { label: t('audit.columns.changes') },
              { label: t('audit.columns.ip') },
            ]}
          >
            {list.map((row) => (
              <AuditRow key={row.id} row={row} open={expanded.isOpen(row.id)} onToggle={() => expanded.toggle(row.id)} />
            ))}
          </DataTable>
        )}
      </PagedSection>
    </>
  );
}

type Translate = ReturnType<typeof useTranslation>['t'];

function actionLabel(t: Translate, action: string): string {
  return t(`audit.actions.${action.replaceAll('.', '_').replaceAll('-', '_')}`, { defaultValue: action });
}

function actionTone(action: string) {
  if (/freeze|offline|revoke|delete|reject|failed/.test(action) && !/unfreeze/.test(action)) return 'red' as const;
  if (/unfreeze|create|approve/.test(action)) return 'green' as const;
  if (/adjust|update/.test(action)) return 'gold' as const;
  return 'slate' as const;
}

function AuditRow({ row, open, onToggle }: { row: AuditItem; open: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const rows = diffRows(row.before ?? null, row.after ?? null);
  const changed = rows.filter((r) => r.changed);
  const isMember = row.target_type === 'member' && row.target_id;

  return (
    <Fragment>
      <tr className="hover:bg-white/[0.025]" data-action={row.action}>
        <td className="whitespace-nowrap text-slate-400">{formatDateTime(row.created_at, language)}</td>
        <td className="whitespace-nowrap font-medium">{row.operator_username ?? t('audit.system')}</td>
        <td>
          <Badge tone={actionTone(row.action)}>{actionLabel(t, row.action)}</Badge>
          <p className="mt-0.5 font-mono text-[11px] text-slate-500">{row.action}</p>
        </td>
        <td className="whitespace-nowrap">
          {row.target_id ? (
            isMember ? (
              <Link to={`/members/${row.target_id}`} className="text-gold-300 hover:underline">
                {t('audit.member_target', { id: row.target_id })}
              </Link>
            ) : (
              <span>
                {row.target_type ? `${t(`audit.target_types.${row.target_type}`, { defaultValue: row.target_type })} ` : ''}#{row.target_id}
              </span>
            )
          ) : (
            '—'
          )}
        </td>
        <td className="min-w-56">
          {rows.length === 0 ? (
            <span className="text-slate-500">—</span>
          ) : (
            <div className="flex items-start gap-2">
              <ul className="min-w-0 flex-1 space-y-0.5 text-xs">
                {(changed.length > 0 ? changed : rows).slice(0, 2).map((r) => (
                  <li key={r.key} className="truncate">
                    {r.key && <span className="text-slate-400">{r.key}: </span>}
                    <span className="text-rose-300 line-through decoration-rose-400/50">{showValue(r.before)}</span>
                    <span className="text-slate-500"> → </span>
                    <span className="text-emerald-300">{showValue(r.after)}</span>
                  </li>
                ))}
              </ul>
              <button
                type="button"
                className="btn-ghost h-7 px-2 text-xs"
                aria-expanded={open}
                aria-controls={`audit-diff-${row.id}`}
                onClick={onToggle}
              >
                {open ? t('audit.hide_diff') : t('audit.show_diff')}
                <ChevronDownIcon width={14} height={14} className={open ? 'rotate-180' : ''} />
              </button>
            </div>
          )}
        </td>
        <td className="whitespace-nowrap font-mono text-xs text-slate-400">{row.ip ?? '—'}</td>
      </tr>
      {open && (
        <tr id={`audit-diff-${row.id}`}>
          <td colSpan={6} className="bg-navy-950/40">
            <table className="w-full text-xs">
              <thead>
                <tr className="text-left text-slate-500">
                  <th className="py-1 pr-4 font-medium">{t('audit.field')}</th>
                  <th className="py-1 pr-4 font-medium">{t('audit.before')}</th>
                  <th className="py-1 font-medium">{t('audit.after')}</th>
                </tr>
              </thead>
              <tbody className="font-mono">
                {rows.map((r) => (
                  <tr key={r.key} className={r.changed ? 'bg-gold-400/[0.04]' : 'text-slate-500'}>
                    <td className="py-1 pr-4 align-top text-slate-400">{r.key || t('audit.value')}</td>
                    <td className={`py-1 pr-4 align-top break-all ${r.changed ? 'text-rose-300' : ''}`}>{showValue(r.before)}</td>
                    <td className={`py-1 align-top break-all ${r.changed ? 'text-emerald-300' : ''}`}>{showValue(r.after)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </td>
        </tr>
      )}
    </Fragment>
  );
}
