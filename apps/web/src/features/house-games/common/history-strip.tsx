import { Fragment, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/translation.ts';

/**
 * The shared-round games' strip of the last 30 results (crash, double, the live tables): a
 * "History" label and a row that scrolls sideways, each item drawn by the game.
 */
export function HistoryStrip<T extends { round_id: number }>({
  items,
  testId,
  children,
}: {
  items: readonly T[];
  testId: string;
  children: (item: T) => ReactNode;
}) {
  const { t } = useTranslation('play');
  return (
    <div className="flex items-center gap-2">
      <span className="shrink-0 text-xs font-semibold text-muted">{t('common.history')}</span>
      <ol className="scrollbar-none flex min-w-0 flex-1 gap-1.5 overflow-x-auto" data-testid={testId}>
        {items.slice(0, 30).map((item) => (
          <Fragment key={item.round_id}>{children(item)}</Fragment>
        ))}
      </ol>
    </div>
  );
}
