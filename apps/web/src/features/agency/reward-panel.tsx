import { type ReactNode, useState } from 'react';
import { Card } from '../../components/card.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { Pager } from '../../components/pager.tsx';
import { Skeleton } from '../../components/spinner.tsx';
import { ChoiceTabs } from '../../components/tabs.tsx';
import { errorMessage } from '../../lib/api.ts';
import { formatBasisPoints, formatDateTime, formatDay, formatMoney } from '../../lib/format.ts';
import { type AgencyRewardItem, PAGE_SIZE, type RangeDays, useAgencyReward } from './agency.api.ts';
import { Failure, Figure, useLoyaltyTranslation, useLevelLabel } from './agency-ui.tsx';

const RANGES: { value: RangeDays; label: string }[] = [
  { value: 1, label: 'ranges.today' },
  { value: 3, label: 'ranges.last_3_days' },
  { value: 7, label: 'ranges.last_7_days' },
];

function RewardRow({ item }: { item: AgencyRewardItem }) {
  const { t } = useLoyaltyTranslation();
  const levelLabel = useLevelLabel();
  const settled = item.status === 'settled';
  return (
    <li
      className="flex items-center gap-3 border-b border-line/40 py-3 last:border-0"
      data-testid="agency-reward"
      data-status={item.status}
    >
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold text-white">
          {t(`agency.sources.${item.source}`)} · <span className="font-normal text-soft">{levelLabel(item.level)}</span>
        </p>
        <p className="text-xs text-muted tabular-nums">
          {t('agency.reward.base_rate', { base: formatMoney(item.base), rate: formatBasisPoints(item.rate_bp) })}
        </p>
        <p className={`text-xs ${settled ? 'text-money' : 'text-gold'}`}>
          {settled
            ? t('agency.reward.settled_at', { date: item.settled_at ? formatDateTime(item.settled_at) : formatDay(item.day) })
            : t('agency.reward.pending')}
        </p>
      </div>
      <span className={`shrink-0 font-bold tabular-nums ${settled ? 'text-money' : 'text-gold'}`}>+{formatMoney(item.amount)}</span>
    </li>
  );
}

/** Rows grouped under their day, newest day first as the server sends them. */
function byDay(list: readonly AgencyRewardItem[]): [string, AgencyRewardItem[]][] {
  const groups = new Map<string, AgencyRewardItem[]>();
  for (const item of list) groups.set(item.day, [...(groups.get(item.day) ?? []), item]);
  return [...groups];
}

/** /agency-center/reward: commissions by day, pending (today, not yet settled) and settled, with totals. */
export function RewardPanel() {
  const { t } = useLoyaltyTranslation();
  const [days, setDays] = useState<RangeDays>(7);
  const [page, setPage] = useState(1);
  const rewards = useAgencyReward(days, page, true);

  let body: ReactNode;
  if (rewards.isPending) body = <Skeleton className="h-40" />;
  else if (rewards.isError) body = <Failure error={errorMessage(rewards.error)} />;
  else if (rewards.data.list.length === 0) body = <EmptyState text={t('empty.no_records')} />;
  else
    body = (
      <>
        {byDay(rewards.data.list).map(([day, items]) => (
          <Card key={day} className="flex flex-col !py-2">
            <h3 className="pt-2 text-xs font-semibold tracking-wide text-muted uppercase">{formatDay(day)}</h3>
            <ul>
              {items.map((item, index) => (
                <RewardRow key={`${item.source}-${item.level}-${index}`} item={item} />
              ))}
            </ul>
          </Card>
        ))}
        <Pager page={page} total={rewards.data.total} pageSize={PAGE_SIZE} onPage={setPage} />
      </>
    );

  return (
    <div className="flex flex-col gap-3">
      <dl className="grid grid-cols-3 gap-2">
        <Figure
          label={t('agency.direct')}
          value={rewards.data ? formatMoney(rewards.data.direct_reward) : '…'}
          tone="text-money"
          testId="reward-direct"
        />
        <Figure
          label={t('agency.indirect')}
          value={rewards.data ? formatMoney(rewards.data.indirect_reward) : '…'}
          tone="text-money"
          testId="reward-indirect"
        />
        <Figure
          label={t('agency.reward.pending')}
          value={rewards.data ? formatMoney(rewards.data.pending) : '…'}
          tone="text-gold"
          testId="reward-pending"
        />
      </dl>
      <ChoiceTabs
        label={t('agency.reward.range')}
        value={days}
        onChange={(value) => {
          setDays(value);
          setPage(1);
        }}
        choices={RANGES.map((range) => ({ value: range.value, label: t(range.label) }))}
      />
      <div role="tabpanel" className="flex flex-col gap-3">
        {body}
      </div>
    </div>
  );
}
