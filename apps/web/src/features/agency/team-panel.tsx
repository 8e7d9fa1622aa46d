import { AGENCY_MAX_DEPTH } from '@casino/shared/schemas/agency';
import { type ReactNode, useState } from 'react';
import { Card } from '../../components/card.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { Pager } from '../../components/pager.tsx';
import { Skeleton } from '../../components/spinner.tsx';
import { ChoiceTabs } from '../../components/tabs.tsx';
import { errorMessage } from '../../lib/api.ts';
import { formatDateTime, formatMoney } from '../../lib/format.ts';
import { PAGE_SIZE, type SubordinateItem, useSubordinates } from './agency.api.ts';
import { Failure, useLoyaltyTranslation, useLevelLabel } from './agency-ui.tsx';

/** 0 stands for "every level" in the filter (the API takes no level then). */
const LEVELS = [0, ...Array.from({ length: AGENCY_MAX_DEPTH }, (_, i) => i + 1)];

function SubordinateRow({ item }: { item: SubordinateItem }) {
  const { t } = useLoyaltyTranslation();
  const levelLabel = useLevelLabel();
  return (
    <li className="flex flex-col gap-2 rounded-2xl border border-line/70 bg-surface p-3.5" data-testid="subordinate" data-uid={item.uid}>
      <div className="flex items-center gap-2">
        <span className="min-w-0 flex-1 truncate text-[15px] font-semibold text-white">{item.account}</span>
        <span
          className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${item.level <= 1 ? 'bg-gold/15 text-gold' : 'bg-surface-2 text-soft'}`}
        >
          {levelLabel(item.level)}
        </span>
      </div>
      <p className="text-xs text-muted tabular-nums">
        {t('agency.uid', { uid: item.uid })} · {t('agency.registered_at', { date: formatDateTime(item.registered_at) })}
      </p>
      <dl className="grid grid-cols-3 gap-2 text-xs">
        <div className="min-w-0">
          <dt className="truncate text-muted">{t('agency.total_recharge')}</dt>
          <dd className="truncate font-semibold text-soft tabular-nums">{formatMoney(item.total_recharge)}</dd>
        </div>
        <div className="min-w-0">
          <dt className="truncate text-muted">{t('agency.total_betting')}</dt>
          <dd className="truncate font-semibold text-soft tabular-nums">{formatMoney(item.total_betting)}</dd>
        </div>
        <div className="min-w-0 text-right">
          <dt className="truncate text-muted">{t('agency.commission')}</dt>
          <dd className="truncate font-bold text-money tabular-nums">{formatMoney(item.commission)}</dd>
        </div>
      </dl>
    </li>
  );
}

/** /agency-center/agent: the member's subordinates, direct and indirect, by level. */
export function TeamPanel() {
  const { t } = useLoyaltyTranslation();
  const [level, setLevel] = useState(0);
  const [page, setPage] = useState(1);
  const team = useSubordinates(level === 0 ? null : level, page, true);

  let body: ReactNode;
  if (team.isPending) body = <Skeleton className="h-40" />;
  else if (team.isError) body = <Failure error={errorMessage(team.error)} />;
  else if (team.data.list.length === 0) body = <EmptyState text={t('empty.no_agent')} />;
  else
    body = (
      <>
        <p className="text-xs text-muted">{t('agency.team_total', { count: team.data.total })}</p>
        <ul className="grid grid-cols-1 gap-2.5 md:grid-cols-2">
          {team.data.list.map((item) => (
            <SubordinateRow key={item.uid} item={item} />
          ))}
        </ul>
        <Pager page={page} total={team.data.total} pageSize={PAGE_SIZE} onPage={setPage} />
      </>
    );

  return (
    <div className="flex flex-col gap-3">
      <Card className="!p-3">
        <ChoiceTabs
          label={t('agency.filter_level')}
          value={level}
          onChange={(value) => {
            setLevel(value);
            setPage(1);
          }}
          choices={LEVELS.map((value) => ({
            value,
            label: value === 0 ? t('agency.all_levels') : t('agency.level_short', { level: value }),
          }))}
        />
        <p className="mt-2 px-1 text-xs text-muted">{t('agency.levels_hint')}</p>
      </Card>
      <div role="tabpanel" className="flex flex-col gap-3">
        {body}
      </div>
    </div>
  );
}
