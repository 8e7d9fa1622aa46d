import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api-client';
import { EmptyState, ErrorState, Skeleton, TableSkeleton } from './feedback';
import { Pagination } from './pagination';

type Empty = { title: string; hint?: string | undefined };

type SectionProps<T> = {
  query: UseQueryResult<T>;
  /** The placeholder table's shape while the first answer loads. */
  skeleton: { columns: number; rows?: number };
  empty: Empty;
  className?: string;
  /** The section's accessible name, where a page has more than one. */
  label?: string;
};

/**
 * The card of a list page: placeholder rows while the first answer loads, the error with a retry,
 * the empty state (a list with no rows, unless `isEmpty` says otherwise), or the rows.
 */
export function QuerySection<T>({
  query,
  skeleton,
  empty,
  isEmpty = (data) => Array.isArray(data) && data.length === 0,
  className = 'card overflow-hidden',
  label,
  children,
}: SectionProps<T> & { isEmpty?: (data: T) => boolean; children: (data: T) => ReactNode }) {
  return (
    <section className={className} aria-busy={query.isFetching} aria-label={label}>
      {query.isPending ? (
        <TableSkeleton {...skeleton} />
      ) : query.isError ? (
        <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : isEmpty(query.data) ? (
        <EmptyState {...empty} />
      ) : (
        children(query.data)
      )}
    </section>
  );
}

type PageData = { list: unknown[]; total: number; page?: number; page_size?: number };

/**
 * A QuerySection over one page of rows: the rows dim while the next page loads and the pager sits
 * under them. `page` overrides the page the answer names (pages that keep it in their own state).
 */
export function PagedSection<D extends PageData>({
  pageSize,
  page,
  onPageChange,
  children,
  ...section
}: SectionProps<D> & {
  pageSize: number;
  page?: number;
  onPageChange: (page: number) => void;
  children: (list: D['list'], data: D) => ReactNode;
}) {
  const { query } = section;
  return (
    <QuerySection {...section} isEmpty={(data) => data.list.length === 0}>
      {(data) => (
        <>
          <div className={`transition-opacity ${query.isPlaceholderData ? 'opacity-60' : ''}`}>{children(data.list, data)}</div>
          <Pagination
            page={page ?? data.page ?? 1}
            pageSize={data.page_size || pageSize}
            total={data.total}
            busy={query.isFetching}
            onPageChange={onPageChange}
          />
        </>
      )}
    </QuerySection>
  );
}

/** A cost or revenue report's placeholder while it loads: the five figures and the chart. */
export function FiguresAndChartSkeleton() {
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        {Array.from({ length: 5 }, (_, index) => (
          <Skeleton key={index} className="h-20 rounded-xl" />
        ))}
      </div>
      <Skeleton className="h-56 rounded-xl" />
    </div>
  );
}

/** A report's chart in its card, titled (the title names the section for assistive technology). */
export function ChartCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card p-3 sm:p-4" aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-sm font-semibold text-slate-200">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * A report's body: its own placeholder while the first answer loads, the error with a retry in a
 * card, or the report, dimmed while the answer for new dates loads.
 */
export function ReportBody<T>({
  query,
  placeholder,
  className = '',
  children,
}: {
  query: UseQueryResult<T>;
  placeholder: ReactNode;
  className?: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return placeholder;
  if (query.isError) {
    return (
      <section className="card">
        <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      </section>
    );
  }
  return (
    <div className={`${className} transition-opacity ${query.isPlaceholderData ? 'opacity-60' : ''}`} aria-busy={query.isFetching}>
      {children(query.data)}
    </div>
  );
}
