import { MEMBER_STATUS } from '@casino/shared/constants';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardList, DataTable } from '../../../components/data-table';
import { PageHeader } from '../../../components/feedback';
import { FilterBar } from '../../../components/filter-bar';
import { Field, SearchInput, SelectField } from '../../../components/form-field';
import { SearchIcon } from '../../../components/icons';
import { PagedSection } from '../../../components/query-section';
import { formatDateTime, formatNumber, formatRelative } from '../../../lib/format';
import type { MemberSummary } from '../../../lib/types';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useLanguage } from '../../../lib/use-language';
import { pageParam, useUrlFilters } from '../../../lib/use-url-filters';
import { MEMBERS_PAGE_SIZE, useMembers } from '../api/members';
import { MemberOnline, MemberStatusBadge } from './member-status';

const SEARCH_DEBOUNCE_MS = 350;

function useMemberFilters() {
  const { params, update } = useUrlFilters<'q' | 'status'>();
  return { q: params.get('q') ?? '', status: params.get('status') ?? '', page: pageParam(params), update };
}

export function MembersPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const filters = useMemberFilters();
  const [draft, setDraft] = useState(filters.q);
  const debounced = useDebouncedValue(draft, SEARCH_DEBOUNCE_MS);
  const searchId = useId();
  const statusId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: only the debounced text drives this effect
  useEffect(() => {
    if (debounced.trim() !== filters.q) filters.update({ q: debounced.trim(), page: 1 });
  }, [debounced]);

  const members = useMembers({ q: filters.q, status: filters.status, page: filters.page });

  function submit(event: FormEvent) {
    event.preventDefault();
    filters.update({ q: draft.trim(), page: 1 });
  }

  const total = members.data?.total;
  return (
    <>
      <PageHeader
        title={t('members.title')}
        subtitle={total === undefined ? t('members.subtitle') : t('common.total', { total: formatNumber(total, language) })}
      />

      <FilterBar onSubmit={submit} className="flex flex-col gap-3 p-3 sm:flex-row sm:items-end">
        <Field label={t('members.search_label')} id={searchId} className="flex-1">
          <SearchInput
            id={searchId}
            name="q"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder={t('members.search_placeholder')}
            maxLength={100}
            autoComplete="off"
          />
        </Field>
        <div className="flex items-end gap-2">
          <SelectField
            id={statusId}
            label={t('members.status_label')}
            name="status"
            value={filters.status}
            onChange={(value) => filters.update({ status: value, page: 1 })}
            className="flex-1 sm:w-48 sm:flex-none"
          >
            <option value="">{t('members.status.all')}</option>
            <option value={MEMBER_STATUS.active}>{t('members.status.active')}</option>
            <option value={MEMBER_STATUS.frozen}>{t('members.status.frozen')}</option>
          </SelectField>
          <button type="submit" className="btn-primary">
            <SearchIcon width={16} height={16} />
            {t('members.search_button')}
          </button>
        </div>
      </FilterBar>

      <PagedSection
        query={members}
        skeleton={{ columns: 7 }}
        empty={{
          title: filters.q || filters.status ? t('members.empty_filtered') : t('members.empty'),
          hint: filters.q || filters.status ? t('members.empty_filtered_hint') : undefined,
        }}
        pageSize={MEMBERS_PAGE_SIZE}
        onPageChange={(page) => filters.update({ page })}
      >
        {(list) => (
          <>
            <MembersTable members={list} />
            <MembersCards members={list} />
          </>
        )}
      </PagedSection>
    </>
  );
}

function MembersTable({ members }: { members: MemberSummary[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <DataTable
      collapse="md"
      columns={[
        { label: t('members.columns.id') },
        { label: t('members.columns.account') },
        { label: t('members.columns.phone') },
        { label: t('members.columns.email'), className: 'hidden xl:table-cell' },
        { label: t('members.columns.status') },
        { label: t('members.columns.online') },
        { label: t('members.columns.registered'), className: 'hidden lg:table-cell' },
        { label: t('members.columns.last_seen') },
      ]}
    >
      {members.map((member) => (
        <tr key={member.id} className="transition-colors hover:bg-white/[0.025]">
          <td className="font-mono text-xs text-slate-400 tabular-nums">{member.id}</td>
          <td>
            <Link to={`/members/${member.id}`} className="font-medium text-gold-300 hover:text-gold-400 hover:underline">
              {member.name}
            </Link>
            <p className="text-xs text-slate-500">{member.realname}</p>
          </td>
          <td className="whitespace-nowrap tabular-nums">{member.phone || '—'}</td>
          <td className="hidden max-w-56 truncate text-slate-400 xl:table-cell">{member.email ?? '—'}</td>
          <td>
            <MemberStatusBadge status={member.status} />
          </td>
          <td>
            <MemberOnline online={member.online} />
          </td>
          <td className="hidden whitespace-nowrap text-slate-400 lg:table-cell">{formatDateTime(member.created_at, language)}</td>
          <td className="whitespace-nowrap text-slate-400" title={formatDateTime(member.last_seen_at, language)}>
            {formatRelative(member.last_seen_at, language)}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** Phones get one card per member instead of a table that would scroll sideways. */
function MembersCards({ members }: { members: MemberSummary[] }) {
  const language = useLanguage();
  return (
    <CardList collapse="md">
      {members.map((member) => (
        <li key={member.id} className="relative px-3 py-3 hover:bg-white/[0.025]">
          <div className="flex items-center justify-between gap-2">
            {/* The link covers the whole card (after:inset-0) but is named by the account alone. */}
            <Link
              to={`/members/${member.id}`}
              className="truncate font-medium text-gold-300 after:absolute after:inset-0 after:content-['']"
            >
              {member.name}
            </Link>
            <MemberStatusBadge status={member.status} />
          </div>
          <div className="mt-1 flex items-center justify-between gap-2 text-xs text-slate-400">
            <span className="truncate">
              #{member.id} · {member.realname}
            </span>
            <MemberOnline online={member.online} />
          </div>
          <div className="mt-1 flex items-center justify-between gap-2 text-xs text-slate-500">
            <span className="tabular-nums">{member.phone}</span>
            <span>{formatRelative(member.last_seen_at, language)}</span>
          </div>
        </li>
      ))}
    </CardList>
  );
}
