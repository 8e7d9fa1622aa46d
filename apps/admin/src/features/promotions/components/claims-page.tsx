import { ADMIN_BONUS_SOURCES, type AdminBonusCredit } from '@casino/shared/schemas/promotions-admin';
import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardList, DataTable } from '../../../components/data-table';
import { Badge, PageHeader } from '../../../components/feedback';
import { FilterActions, FilterBar } from '../../../components/filter-bar';
import { Field, SelectField } from '../../../components/form-field';
import { PagedSection } from '../../../components/query-section';
import { isApiError } from '../../../lib/api-client';
import { formatDateTime, formatMoney, formatNumber } from '../../../lib/format';
import { DAY_PATTERN, saoPauloToday } from '../../../lib/sao-paulo-days';
import { useLanguage } from '../../../lib/use-language';
import { matching, oneOf, pageParam, useUrlFilters } from '../../../lib/use-url-filters';
import { CLAIMS_PAGE_SIZE, type ClaimFilters, useBonusCredits } from '../api/promotions-admin';
import { useSourceLabel } from './promotions-ui';

function useClaimFilters() {
  const { params, update } = useUrlFilters<'source' | 'member' | 'from' | 'to'>();
  const filters: ClaimFilters = {
    source: oneOf(params, 'source', ADMIN_BONUS_SOURCES),
    member: params.get('member') ?? '',
    from: matching(params, 'from', DAY_PATTERN),
    to: matching(params, 'to', DAY_PATTERN),
    page: pageParam(params),
  };
  return { filters, update };
}

export function ClaimsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { filters, update } = useClaimFilters();
  const credits = useBonusCredits(filters);
  const sourceLabel = useSourceLabel();
  const ids = { source: useId(), member: useId(), from: useId(), to: useId() };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    update({
      member: String(form.get('member') ?? '').trim(),
      from: String(form.get('from') ?? ''),
      to: String(form.get('to') ?? ''),
      page: 1,
    });
  }

  const filtered = filters.source !== '' || filters.member !== '' || filters.from !== '' || filters.to !== '';
  const fieldError = credits.isError && isApiError(credits.error) ? Object.values(credits.error.fieldErrors)[0]?.[0] : undefined;
  return (
    <>
      <PageHeader
        title={t('promotions.claims.title')}
        subtitle={
          credits.data
            ? t('promotions.claims.subtitle_total', {
                count: credits.data.total,
                total: formatNumber(credits.data.total, language),
                amount: formatMoney(credits.data.total_amount, language),
              })
            : t('promotions.claims.subtitle')
        }
      />

      <FilterBar
        key={`${filters.member}|${filters.from}|${filters.to}`}
        onSubmit={submit}
        className="grid grid-cols-2 gap-3 p-3 lg:grid-cols-[minmax(0,12rem)_minmax(0,1fr)_repeat(2,minmax(0,10rem))_auto] lg:items-end"
      >
        <SelectField
          id={ids.source}
          label={t('promotions.claims.source')}
          value={filters.source}
          onChange={(value) => update({ source: value, page: 1 })}
          className="col-span-2 lg:col-span-1"
        >
          <option value="">{t('promotions.claims.all_sources')}</option>
          {ADMIN_BONUS_SOURCES.map((source) => (
            <option key={source} value={source}>
              {sourceLabel(source)}
            </option>
          ))}
        </SelectField>
        <Field label={t('promotions.claims.member')} id={ids.member} className="col-span-2 lg:col-span-1">
          <input
            id={ids.member}
            name="member"
            type="search"
            defaultValue={filters.member}
            placeholder={t('promotions.claims.member_placeholder')}
            maxLength={32}
            autoComplete="off"
            className="input"
          />
        </Field>
        <Field label={t('promotions.claims.from')} id={ids.from}>
          <input id={ids.from} name="from" type="date" defaultValue={filters.from} max={saoPauloToday()} className="input tabular-nums" />
        </Field>
        <Field label={t('promotions.claims.to')} id={ids.to}>
          <input id={ids.to} name="to" type="date" defaultValue={filters.to} max={saoPauloToday()} className="input tabular-nums" />
        </Field>
        <FilterActions
          applyLabel={t('promotions.claims.apply')}
          clearLabel={t('promotions.claims.clear')}
          filtered={filtered}
          onClear={() => update({ source: '', member: '', from: '', to: '', page: 1 })}
          icon={false}
          className="col-span-2 flex gap-2 lg:col-span-1"
        />
        {fieldError && (
          <p role="alert" className="col-span-2 text-xs text-rose-300 lg:col-span-5">
            {fieldError}
          </p>
        )}
      </FilterBar>

      <PagedSection
        query={credits}
        skeleton={{ columns: 6 }}
        empty={{ title: filtered ? t('promotions.claims.empty_filtered') : t('promotions.claims.empty') }}
        pageSize={CLAIMS_PAGE_SIZE}
        onPageChange={(page) => update({ page })}
      >
        {(list) => (
          <>
            <ClaimsTable list={list} />
            <ClaimsCards list={list} />
          </>
        )}
      </PagedSection>
    </>
  );
}

function MemberLink({ credit }: { credit: AdminBonusCredit }) {
  return (
    <Link to={`/members/${credit.member_id}`} className="font-medium text-white hover:text-gold-300 hover:underline">
      {credit.account}
      <span className="ml-1 font-mono text-[11px] font-normal text-slate-500">#{credit.member_id}</span>
    </Link>
  );
}

function SourceBadge({ source }: { source: string }) {
  const label = useSourceLabel()(source);
  const tone = source === 'rebate' ? 'green' : source === 'vip_levelup' ? 'gold' : source === 'agency_commission' ? 'blue' : 'slate';
  return <Badge tone={tone}>{label}</Badge>;
}

function Transfer({ credit }: { credit: AdminBonusCredit }) {
  const { t } = useTranslation();
  if (credit.transfer_id === null) return <Badge tone="red">{t('promotions.claims.no_transfer')}</Badge>;
  return <span className="font-mono text-xs text-slate-400">#{credit.transfer_id}</span>;
}

function ClaimsTable({ list }: { list: AdminBonusCredit[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <DataTable
      testId="claims-table"
      collapse="md"
      columns={[
        { label: t('promotions.claims.columns.created_at') },
        { label: t('promotions.claims.columns.member') },
        { label: t('promotions.claims.columns.source') },
        { label: t('promotions.claims.columns.amount'), numeric: true },
        { label: t('promotions.claims.columns.wagering'), numeric: true },
        { label: t('promotions.claims.columns.transfer') },
      ]}
    >
      {list.map((credit) => (
        <tr key={credit.id} className="transition-colors hover:bg-white/[0.025]">
          <td className="whitespace-nowrap text-xs text-slate-300 tabular-nums">{formatDateTime(credit.created_at, language)}</td>
          <td>
            <MemberLink credit={credit} />
          </td>
          <td>
            <SourceBadge source={credit.source} />
            <p className="mt-0.5 max-w-56 truncate font-mono text-[10px] text-slate-500" title={credit.claim_key}>
              {credit.claim_key}
            </p>
          </td>
          <td className="whitespace-nowrap text-right font-medium tabular-nums text-white">{formatMoney(credit.amount, language)}</td>
          <td className="whitespace-nowrap text-right tabular-nums text-slate-300">{formatMoney(credit.wagering, language)}</td>
          <td>
            <Transfer credit={credit} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

function ClaimsCards({ list }: { list: AdminBonusCredit[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <CardList collapse="md">
      {list.map((credit) => (
        <li key={credit.id} className="space-y-1.5 px-3 py-3">
          <div className="flex items-center justify-between gap-2">
            <MemberLink credit={credit} />
            <span className="font-medium tabular-nums text-white">{formatMoney(credit.amount, language)}</span>
          </div>
          <div className="flex items-center justify-between gap-2">
            <SourceBadge source={credit.source} />
            <span className="text-xs text-slate-400 tabular-nums">
              {t('promotions.claims.wagering_short', { amount: formatMoney(credit.wagering, language) })}
            </span>
          </div>
          <p className="flex items-center justify-between gap-2 text-xs text-slate-500 tabular-nums">
            <span>{formatDateTime(credit.created_at, language)}</span>
            <Transfer credit={credit} />
          </p>
        </li>
      ))}
    </CardList>
  );
}
