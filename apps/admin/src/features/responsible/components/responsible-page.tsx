import { formatCpf } from '@casino/shared/pix/cpf';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table';
import { Badge, PageHeader } from '../../../components/feedback';
import { FilterBar } from '../../../components/filter-bar';
import { FormDialog } from '../../../components/form-dialog';
import { Field, invalidProps } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { PagedSection } from '../../../components/query-section';
import { toast } from '../../../components/toaster';
import { errorMessage } from '../../../lib/api-client';
import { usePermission } from '../../../lib/auth';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { formError, hasServerFieldErrors, serverFieldErrors } from '../../../lib/use-field-errors';
import { useLanguage } from '../../../lib/use-language';
import { pageParam, useUrlFilters } from '../../../lib/use-url-filters';
import {
  type AdminBalanceReturn,
  type AdminCentralListEntry,
  type AdminResponsibleMember,
  type MemberFilter,
  RESPONSIBLE_PAGE_SIZE,
  useAddToCentralList,
  useBalanceReturns,
  useCentralChecks,
  useCentralList,
  useCommunications,
  useMarkReturnPaid,
  useRemoveFromCentralList,
  useResponsibleMembers,
} from '../api/responsible';

const TABS = ['members', 'checks', 'returns', 'list'] as const;
type Tab = (typeof TABS)[number];
const MEMBER_FILTERS: MemberFilter[] = ['any', 'limits', 'paused', 'excluded', 'closed'];

/**
 * Responsible gaming (docs/RESPONSIBLE-GAMING.md): members with limits, pauses and exclusions and
 * their risk flags, the federal register's checks, the balance returns queue and the sandbox
 * federal list. Each member's communications log opens from its row.
 */
export function ResponsiblePage() {
  const { t } = useTranslation();
  const { params, update } = useUrlFilters<'tab' | 'filter' | 'member_id' | 'status' | 'result'>();
  const tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'members';
  return (
    <>
      <PageHeader title={t('responsible.title')} subtitle={t('responsible.subtitle')} />
      <div role="tablist" className="mb-4 flex flex-wrap gap-2">
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            className={tab === name ? 'btn-primary h-9' : 'btn-secondary h-9'}
            onClick={() => update({ tab: name, page: 1 })}
          >
            {t(`responsible.tabs.${name}`)}
          </button>
        ))}
      </div>
      {tab === 'members' && <MembersTab params={params} update={update} />}
      {tab === 'checks' && <ChecksTab params={params} update={update} />}
      {tab === 'returns' && <ReturnsTab params={params} update={update} />}
      {tab === 'list' && <ListTab params={params} update={update} />}
    </>
  );
}

type TabProps = {
  params: URLSearchParams;
  update: (change: Partial<Record<'tab' | 'filter' | 'member_id' | 'status' | 'result', string>> & { page?: number }) => void;
};

function MembersTab({ params, update }: TabProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const filter = (MEMBER_FILTERS as string[]).includes(params.get('filter') ?? '') ? (params.get('filter') as MemberFilter) : 'any';
  const memberId = params.get('member_id') ?? '';
  const [draft, setDraft] = useState(memberId);
  const [open, setOpen] = useState<AdminResponsibleMember | null>(null);
  const ids = { filter: useId(), member: useId() };
  const members = useResponsibleMembers({ filter, memberId, page: pageParam(params) });
  const when = (value: string | null) => (value ? formatDateTime(value, language) : '—');

  function submit(event: FormEvent) {
    event.preventDefault();
    update({ member_id: draft.replace(/\D/g, ''), page: 1 });
  }

  return (
    <>
      <FilterBar onSubmit={submit} className="flex flex-col gap-3 p-3 sm:flex-row sm:items-end">
        <Field label={t('responsible.filter')} id={ids.filter}>
          <select id={ids.filter} className="input" value={filter} onChange={(e) => update({ filter: e.target.value, page: 1 })}>
            {MEMBER_FILTERS.map((f) => (
              <option key={f} value={f}>
                {t(`responsible.filters.${f}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('responsible.member_id')} id={ids.member} className="flex-1">
          <input id={ids.member} className="input" inputMode="numeric" value={draft} onChange={(e) => setDraft(e.target.value)} />
        </Field>
        <button type="submit" className="btn-secondary h-10">
          {t('responsible.search')}
        </button>
      </FilterBar>
      <PagedSection
        query={members}
        skeleton={{ columns: 6 }}
        empty={{ title: t('responsible.empty_members') }}
        pageSize={RESPONSIBLE_PAGE_SIZE}
        onPageChange={(page) => update({ page })}
      >
        {(rows) => (
          <DataTable
            testId="responsible-members"
            collapse="none"
            columns={[
              { label: t('responsible.member') },
              { label: t('responsible.limits') },
              { label: t('responsible.pause') },
              { label: t('responsible.exclusion') },
              { label: t('responsible.risk_flags') },
              { label: '', numeric: true },
            ]}
          >
            {rows.map((m) => (
              <tr key={m.member_id} data-member={m.member_id}>
                <td className="text-slate-100">
                  {m.account} <span className="text-slate-500">#{m.member_id}</span>
                </td>
                <td className="text-xs">
                  {m.limits.length === 0
                    ? '—'
                    : m.limits.map((l) => (
                        <div key={`${l.kind}-${l.period}`}>
                          {t(`responsible.limit_kinds.${l.kind}`)} / {t(`responsible.periods.${l.period}`)}:{' '}
                          {l.value === null
                            ? '—'
                            : l.kind === 'time'
                              ? t('responsible.minutes', { count: l.value })
                              : formatMoney((l.value / 100).toFixed(2), language)}
                          {l.pending_at && ` (${t('responsible.pending', { when: when(l.pending_at) })})`}
                        </div>
                      ))}
                </td>
                <td className="whitespace-nowrap text-xs">{m.paused_until ? when(m.paused_until) : '—'}</td>
                <td className="text-xs">
                  {m.excluded_at ? (
                    <>
                      <Badge tone={m.exclusion_source === 'central' ? 'red' : 'amber'}>
                        {t(`responsible.sources.${m.exclusion_source ?? 'self'}`)}
                      </Badge>{' '}
                      {when(m.excluded_at)} → {m.excluded_until ? when(m.excluded_until) : t('responsible.indefinite')}
                      {m.closed_at && (
                        <div>
                          <Badge tone="slate">{t('responsible.closed', { when: when(m.closed_at) })}</Badge>
                        </div>
                      )}
                    </>
                  ) : (
                    '—'
                  )}
                </td>
                <td className="text-xs">
                  {m.risk_flags.length === 0
                    ? '—'
                    : m.risk_flags.map((f) => (
                        <div key={f.flag} title={f.detail}>
                          <Badge tone="amber">{t(`responsible.flags.${f.flag}`)}</Badge>
                        </div>
                      ))}
                </td>
                <td className="text-right">
                  <button type="button" className="btn-secondary h-8 px-2.5" onClick={() => setOpen(m)}>
                    {t('responsible.communications')}
                  </button>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </PagedSection>
      {open && <CommunicationsDialog member={open} onClose={() => setOpen(null)} />}
    </>
  );
}

function CommunicationsDialog({ member, onClose }: { member: AdminResponsibleMember; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [page, setPage] = useState(1);
  const log = useCommunications(member.member_id, page);
  return (
    <Modal
      open
      title={t('responsible.communications_title', { account: member.account })}
      description={t('responsible.communications_hint')}
      onClose={onClose}
    >
      <PagedSection
        query={log}
        skeleton={{ columns: 3 }}
        empty={{ title: t('responsible.empty_communications') }}
        pageSize={10}
        onPageChange={setPage}
      >
        {(rows) => (
          <ul className="divide-y divide-slate-800" data-testid="responsible-communications">
            {rows.map((c) => (
              <li key={c.id} className="py-2 text-sm">
                <p className="text-xs text-slate-400">
                  {formatDateTime(c.created_at, language)} · {t(`responsible.channels.${c.channel}`)} · {c.kind} · {c.lang}
                </p>
                <p className="whitespace-pre-line text-slate-100">{c.content}</p>
              </li>
            ))}
          </ul>
        )}
      </PagedSection>
    </Modal>
  );
}

function ChecksTab({ params, update }: TabProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const result = params.get('result') ?? '';
  const id = useId();
  const checks = useCentralChecks({ result, page: pageParam(params) });
  return (
    <>
      <FilterBar onSubmit={(e) => e.preventDefault()} className="flex p-3">
        <Field label={t('responsible.result')} id={id}>
          <select id={id} className="input" value={result} onChange={(e) => update({ result: e.target.value, page: 1 })}>
            <option value="">{t('responsible.all')}</option>
            {(['impedido', 'nao_impedido', 'error'] as const).map((r) => (
              <option key={r} value={r}>
                {t(`responsible.results.${r}`)}
              </option>
            ))}
          </select>
        </Field>
      </FilterBar>
      <PagedSection
        query={checks}
        skeleton={{ columns: 5 }}
        empty={{ title: t('responsible.empty_checks') }}
        pageSize={RESPONSIBLE_PAGE_SIZE}
        onPageChange={(page) => update({ page })}
      >
        {(rows) => (
          <DataTable
            testId="responsible-checks"
            collapse="none"
            columns={[
              { label: t('responsible.checked_at') },
              { label: t('responsible.member') },
              { label: 'CPF' },
              { label: t('responsible.reason') },
              { label: t('responsible.result') },
            ]}
          >
            {rows.map((c) => (
              <tr key={c.id}>
                <td className="whitespace-nowrap">{formatDateTime(c.checked_at, language)}</td>
                <td>{c.member_account ?? '—'}</td>
                <td className="font-mono text-[13px]">{c.cpf}</td>
                <td>{t(`responsible.reasons.${c.reason}`)}</td>
                <td>
                  <Badge tone={c.result === 'impedido' ? 'red' : c.result === 'error' ? 'amber' : 'green'}>
                    {t(`responsible.results.${c.result}`)}
                  </Badge>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </PagedSection>
    </>
  );
}

function ReturnsTab({ params, update }: TabProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const canManage = usePermission('responsible.manage');
  const status = params.get('status') ?? '';
  const id = useId();
  const [paying, setPaying] = useState<AdminBalanceReturn | null>(null);
  const returns = useBalanceReturns({ status, page: pageParam(params) });
  return (
    <>
      <FilterBar onSubmit={(e) => e.preventDefault()} className="flex p-3">
        <Field label={t('responsible.status')} id={id}>
          <select id={id} className="input" value={status} onChange={(e) => update({ status: e.target.value, page: 1 })}>
            <option value="">{t('responsible.all')}</option>
            {(['queued', 'paying', 'paid', 'manual', 'empty'] as const).map((s) => (
              <option key={s} value={s}>
                {t(`responsible.return_statuses.${s}`)}
              </option>
            ))}
          </select>
        </Field>
      </FilterBar>
      <PagedSection
        query={returns}
        skeleton={{ columns: 6 }}
        empty={{ title: t('responsible.empty_returns') }}
        pageSize={RESPONSIBLE_PAGE_SIZE}
        onPageChange={(page) => update({ page })}
      >
        {(rows) => (
          <DataTable
            testId="responsible-returns"
            collapse="none"
            columns={[
              { label: t('responsible.created_at') },
              { label: t('responsible.member') },
              { label: t('responsible.reason') },
              { label: t('responsible.amount'), numeric: true },
              { label: t('responsible.status') },
              { label: '', numeric: true },
            ]}
          >
            {rows.map((r) => (
              <tr key={r.id} data-return={r.id}>
                <td className="whitespace-nowrap">{formatDateTime(r.created_at, language)}</td>
                <td>
                  {r.member_account} <span className="text-slate-500">{r.member_cpf ?? ''}</span>
                </td>
                <td>{t(`responsible.return_reasons.${r.reason}`)}</td>
                <td className="text-right tabular-nums">{formatMoney(r.amount, language)}</td>
                <td>
                  <Badge tone={r.status === 'queued' ? 'amber' : r.status === 'paid' || r.status === 'manual' ? 'green' : 'slate'}>
                    {t(`responsible.return_statuses.${r.status}`)}
                  </Badge>
                  {r.note && <div className="text-xs text-slate-400">{r.note}</div>}
                </td>
                <td className="text-right">
                  {canManage && r.status === 'queued' && (
                    <button type="button" className="btn-secondary h-8 px-2.5" onClick={() => setPaying(r)}>
                      {t('responsible.mark_paid')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </PagedSection>
      {paying && <MarkPaidDialog entry={paying} onClose={() => setPaying(null)} />}
    </>
  );
}

function MarkPaidDialog({ entry, onClose }: { entry: AdminBalanceReturn; onClose: () => void }) {
  const { t } = useTranslation();
  const mark = useMarkReturnPaid();
  const id = useId();
  const [note, setNote] = useState('');
  const errors = serverFieldErrors(mark.error, ['note'] as const);
  return (
    <FormDialog
      title={t('responsible.mark_paid_title', { account: entry.member_account })}
      description={t('responsible.mark_paid_description')}
      pending={mark.isPending}
      error={formError(mark, hasServerFieldErrors(mark.error))}
      submitLabel={t('responsible.mark_paid')}
      onSubmit={(event) => {
        event.preventDefault();
        mark.mutate(
          { id: entry.id, note },
          {
            onSuccess: ({ message }) => {
              toast.success(message);
              onClose();
            },
          },
        );
      }}
      onClose={onClose}
      testId="responsible-mark-paid"
    >
      <Field label={t('responsible.note')} id={id} error={errors.note}>
        <input
          id={id}
          name="note"
          className="input"
          value={note}
          onChange={(e) => setNote(e.target.value)}
          {...invalidProps(id, errors.note)}
        />
      </Field>
    </FormDialog>
  );
}

function ListTab({ params, update }: TabProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const canManage = usePermission('responsible.manage');
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<AdminCentralListEntry | null>(null);
  const list = useCentralList(pageParam(params));
  return (
    <>
      <p className="mb-3 text-sm text-slate-400">{t('responsible.list_hint')}</p>
      {canManage && (
        <button type="button" className="btn-primary mb-3" onClick={() => setAdding(true)}>
          {t('responsible.list_add')}
        </button>
      )}
      <PagedSection
        query={list}
        skeleton={{ columns: 4 }}
        empty={{ title: t('responsible.empty_list') }}
        pageSize={RESPONSIBLE_PAGE_SIZE}
        onPageChange={(page) => update({ page })}
      >
        {(rows) => (
          <DataTable
            testId="responsible-central-list"
            collapse="none"
            columns={[
              { label: 'CPF' },
              { label: t('responsible.member') },
              { label: t('responsible.note') },
              { label: t('responsible.created_at') },
              { label: '', numeric: true },
            ]}
          >
            {rows.map((e) => (
              <tr key={e.cpf} data-cpf={e.cpf}>
                <td className="font-mono text-[13px]">{formatCpf(e.cpf)}</td>
                <td>{e.member_account ?? '—'}</td>
                <td className="text-slate-300">{e.note ?? ''}</td>
                <td className="whitespace-nowrap text-slate-400">
                  {formatDateTime(e.created_at, language)} {e.added_by ? `· ${e.added_by}` : ''}
                </td>
                <td className="text-right">
                  {canManage && (
                    <button type="button" className="btn-secondary h-8 px-2.5" onClick={() => setRemoving(e)}>
                      {t('responsible.list_remove')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </PagedSection>
      {adding && <AddToListDialog onClose={() => setAdding(false)} />}
      {removing && <RemoveFromListDialog entry={removing} onClose={() => setRemoving(null)} />}
    </>
  );
}

function AddToListDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const add = useAddToCentralList();
  const ids = { cpf: useId(), note: useId() };
  const [values, setValues] = useState({ cpf: '', note: '' });
  const errors = serverFieldErrors(add.error, ['cpf', 'note'] as const);
  return (
    <FormDialog
      title={t('responsible.list_add')}
      description={t('responsible.list_add_description')}
      pending={add.isPending}
      error={formError(add, hasServerFieldErrors(add.error))}
      submitLabel={t('responsible.list_add')}
      onSubmit={(event) => {
        event.preventDefault();
        add.mutate(values, {
          onSuccess: ({ message }) => {
            toast.success(message);
            onClose();
          },
        });
      }}
      onClose={onClose}
      testId="responsible-list-add"
    >
      {(['cpf', 'note'] as const).map((field) => (
        <Field key={field} label={field === 'cpf' ? 'CPF' : t('responsible.note')} id={ids[field]} error={errors[field]}>
          <input
            id={ids[field]}
            name={field}
            className="input"
            value={values[field]}
            onChange={(e) => setValues((current) => ({ ...current, [field]: e.target.value }))}
            {...invalidProps(ids[field], errors[field])}
          />
        </Field>
      ))}
    </FormDialog>
  );
}

function RemoveFromListDialog({ entry, onClose }: { entry: AdminCentralListEntry; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useRemoveFromCentralList();
  return (
    <ConfirmDialog
      open
      title={t('responsible.list_remove')}
      description={<p>{t('responsible.list_remove_description', { cpf: formatCpf(entry.cpf) })}</p>}
      confirmLabel={t('responsible.list_remove')}
      tone="danger"
      pending={remove.isPending}
      error={remove.isError ? errorMessage(remove.error) : null}
      onConfirm={() =>
        remove.mutate(entry.cpf, {
          onSuccess: ({ message }) => {
            toast.success(message);
            onClose();
          },
        })
      }
      onClose={() => {
        if (!remove.isPending) onClose();
      }}
    />
  );
}
