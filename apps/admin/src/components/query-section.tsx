import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api-client';
import { EmptyState, ErrorState, TableSkeleton } from './feedback';
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
