import type { ReactNode } from 'react';

export type Column = {
  label: string;
  /** Figures: the header sits right, over right-aligned cells. */
  numeric?: boolean;
  /** Further classes of the header cell (a column hidden below a width, a sticky one). */
  className?: string;
  /** The label is for screen readers only (the column of a row's buttons). */
  srOnly?: boolean;
};

/**
 * Where a table gives way to its CardList: below `md` or `lg` the cards show instead; `none` keeps
 * the table everywhere, scrolling sideways on a phone.
 */
export type Collapse = 'md' | 'lg' | 'none';

const TABLE_WRAPPER: Record<Collapse, string> = {
  md: 'hidden overflow-x-auto md:block',
  lg: 'hidden overflow-x-auto lg:block',
  none: 'overflow-x-auto',
};

const CARD_LIST: Record<Exclude<Collapse, 'none'>, string> = {
  md: 'divide-y divide-white/5 md:hidden',
  lg: 'divide-y divide-white/5 lg:hidden',
};

function headerClass(column: Column): string | undefined {
  return [column.numeric ? 'text-right' : '', column.className ?? ''].filter(Boolean).join(' ') || undefined;
}

/** A back-office table: its header row from `columns` (or `head`, a row of its own cells), its rows, its totals row. */
export function DataTable({
  testId,
  columns = [],
  head,
  collapse = 'none',
  foot,
  children,
}: {
  testId?: string;
  columns?: Column[];
  head?: ReactNode;
  collapse?: Collapse;
  foot?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={TABLE_WRAPPER[collapse]}>
      <table className="data-table" data-testid={testId}>
        <thead>
          <tr>
            {head ??
              columns.map((column) => (
                <th key={column.label} scope="col" className={headerClass(column)}>
                  {column.srOnly ? <span className="sr-only">{column.label}</span> : column.label}
                </th>
              ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
        {foot && <tfoot>{foot}</tfoot>}
      </table>
    </div>
  );
}

/** The cards that stand for a DataTable's rows on a phone, one `li` a row. */
export function CardList({ collapse, testId, children }: { collapse: Exclude<Collapse, 'none'>; testId?: string; children: ReactNode }) {
  return (
    <ul className={CARD_LIST[collapse]} data-testid={testId}>
      {children}
    </ul>
  );
}
