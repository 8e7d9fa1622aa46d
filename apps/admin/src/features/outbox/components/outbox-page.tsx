import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { Badge, PageHeader } from '../../../components/feedback';
import { RefreshButton } from '../../../components/filter-bar';
import { ChevronDownIcon } from '../../../components/icons';
import { PagedSection } from '../../../components/query-section';
import { formatDateTime, formatNumber } from '../../../lib/format';
import type { OutboxItem } from '../../../lib/types';
import { useLanguage } from '../../../lib/use-language';
import { useToggleSet } from '../../../lib/use-toggle-set';
import { pageParam, useUrlFilters } from '../../../lib/use-url-filters';
import { OUTBOX_PAGE_SIZE, useOutbox } from '../api/outbox';

/** The emails the server kept or sent (verification codes, notices), newest first. */
export function OutboxPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { params, update } = useUrlFilters();
  const outbox = useOutbox(pageParam(params));
  const expanded = useToggleSet<number>();

  return (
    <>
      <PageHeader
        title={t('outbox.title')}
        subtitle={outbox.data ? t('common.total', { total: formatNumber(outbox.data.total, language) }) : t('outbox.subtitle')}
        actions={<RefreshButton busy={outbox.isFetching} onRefresh={() => void outbox.refetch()} />}
      />
      <PagedSection
        query={outbox}
        skeleton={{ columns: 5 }}
        empty={{ title: t('outbox.empty'), hint: t('outbox.empty_hint') }}
        pageSize={OUTBOX_PAGE_SIZE}
        onPageChange={(page) => update({ page })}
      >
        {(list) => (
          <DataTable
            columns={[
              { label: t('outbox.columns.body'), srOnly: true, className: 'w-8' },
              { label: t('outbox.columns.to') },
              { label: t('outbox.columns.subject') },
              { label: t('outbox.columns.transport') },
              { label: t('outbox.columns.status') },
              { label: t('outbox.columns.created') },
            ]}
          >
            {list.map((item) => {
              const open = expanded.isOpen(item.id);
              return (
                <Fragment key={item.id}>
                  <tr className="hover:bg-white/[0.025]">
                    <td className="pr-0">
                      <button
                        type="button"
                        className="btn-ghost size-7 px-0"
                        aria-expanded={open}
                        aria-controls={`outbox-body-${item.id}`}
                        aria-label={open ? t('outbox.hide_body') : t('outbox.show_body')}
                        onClick={() => expanded.toggle(item.id)}
                      >
                        <ChevronDownIcon width={16} height={16} className={`transition-transform ${open ? '' : '-rotate-90'}`} />
                      </button>
                    </td>
                    <td className="whitespace-nowrap">{item.to}</td>
                    <td className="min-w-48">{item.subject}</td>
                    <td>
                      <Badge tone="blue">{item.transport}</Badge>
                    </td>
                    <td>
                      <DeliveryState item={item} />
                    </td>
                    <td className="whitespace-nowrap text-slate-400">{formatDateTime(item.created_at, language)}</td>
                  </tr>
                  {open && (
                    <tr id={`outbox-body-${item.id}`}>
                      <td colSpan={6} className="bg-navy-950/40">
                        {item.error && (
                          <p className="mb-2 text-xs text-rose-300">
                            {t('outbox.error')}: {item.error}
                          </p>
                        )}
                        <pre className="max-h-80 overflow-auto whitespace-pre-wrap break-words font-mono text-xs leading-5 text-slate-300">
                          {item.body}
                        </pre>
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </DataTable>
        )}
      </PagedSection>
    </>
  );
}

function DeliveryState({ item }: { item: OutboxItem }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (item.error) {
    return (
      <span title={item.error}>
        <Badge tone="red">{t('outbox.state.failed')}</Badge>
      </span>
    );
  }
  if (item.sent_at) {
    return (
      <span title={formatDateTime(item.sent_at, language)}>
        <Badge tone="green">{t('outbox.state.sent')}</Badge>
      </span>
    );
  }
  return <Badge tone="amber">{t('outbox.state.pending')}</Badge>;
}
