import { type ReactNode, useState } from 'react';
import { Card } from '../../components/card.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { Pager } from '../../components/pager.tsx';
import { Skeleton } from '../../components/spinner.tsx';
import { errorMessage } from '../../lib/api.ts';
import { formatDateTime, formatMoney } from '../../lib/format.ts';
import { moneyCentavos } from '../../lib/user.ts';
import { HISTORY_PAGE_SIZE, useVipHistory, type VipHistoryItem } from './vip.api.ts';
import { VipMedal } from './vip-medal.tsx';
import { useLoyaltyTranslation } from './vip-ui.tsx';

const TRACK_LABEL: Record<VipHistoryItem['track'], string> = {
  level: 'vip.track_level',
  slot: 'vip.track_slot',
  live: 'vip.track_live',
};

function HistoryRow({ item }: { item: VipHistoryItem }) {
  const { t } = useLoyaltyTranslation();
  const rewarded = moneyCentavos(item.reward) > 0;
  return (
    <li className="flex items-center gap-3 border-b border-line/40 py-3 last:border-0" data-testid="vip-history-item">
      <VipMedal level={item.to_level} size={40} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold text-white">{t(TRACK_LABEL[item.track])}</p>
        <p className="text-xs text-muted tabular-nums">
          VIP {item.from_level} → VIP {item.to_level} · {formatDateTime(item.created_at)}
        </p>
      </div>
      {rewarded ? <span className="shrink-0 font-bold text-money tabular-nums">+{formatMoney(item.reward)}</span> : null}
    </li>
  );
}

/** Every level change of the member (VIP, slot and live tracks) with the reward it paid. */
export function VipHistoryList() {
  const { t } = useLoyaltyTranslation();
  const [page, setPage] = useState(1);
  const history = useVipHistory(page, true);
  let body: ReactNode;
  if (history.isPending) body = <Skeleton className="h-32" />;
  else if (history.isError) body = <p className="py-6 text-center text-sm text-soft">{errorMessage(history.error)}</p>;
  else if (history.data.list.length === 0) body = <EmptyState text={t('empty.no_records')} />;
  else
    body = (
      <>
        <ul>
          {history.data.list.map((item) => (
            <HistoryRow key={item.id} item={item} />
          ))}
        </ul>
        <Pager page={page} total={history.data.total} pageSize={HISTORY_PAGE_SIZE} onPage={setPage} />
      </>
    );
  return (
    <Card className="flex flex-col gap-2">
      <h2 className="text-[15px] font-bold text-white">{t('vip.history')}</h2>
      {body}
    </Card>
  );
}
