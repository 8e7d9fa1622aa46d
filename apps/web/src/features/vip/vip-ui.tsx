import { CATEGORIES } from '../../lib/categories.ts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Card } from '../../components/card.tsx';
import { CheckIcon } from '../../components/icons.tsx';
import { formatBasisPoints, formatMoney } from '../../lib/format.ts';
import { moneyCentavos } from '../../lib/user.ts';
import { levelRow, type VipInfo, type VipLevelRow, type VipProgress } from './vip.api.ts';
import { metalOf, VipMedal } from './vip-medal.tsx';

const NS = ['loyalty', 'web'] as const;

/** Texts from the `loyalty` catalogue first, then from `web` (page titles, categories, empty texts). */
export const useLoyaltyTranslation = () => useTranslation(NS, { nsMode: 'fallback' });

/** "VIP 3" unless the operator named the level. */
export function levelTitle(row: VipLevelRow | undefined, level: number): string {
  return row?.name?.trim() || `VIP ${level}`;
}

type BarProps = { label: string; current: string; target: string | undefined; remaining: string; percent: number };

/** One requirement towards the next level: how much is done, of how much, and what is left. */
export function ProgressBar({ label, current, target, remaining, percent }: BarProps) {
  const { t } = useLoyaltyTranslation();
  const clamped = Math.max(0, Math.min(100, percent));
  const done = moneyCentavos(remaining) === 0;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-2 text-[13px]">
        <span className="font-medium text-soft">{label}</span>
        <span className="font-bold text-gold tabular-nums">{clamped}%</span>
      </div>
      <div
        className="h-2.5 overflow-hidden rounded-full bg-ink/70 ring-1 ring-line/60"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={clamped}
      >
        <div
          className="h-full rounded-full bg-gradient-to-r from-gold-deep to-gold transition-[width] duration-700"
          style={{ width: `${clamped}%` }}
        />
      </div>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-xs text-muted tabular-nums">
        <span>
          {formatMoney(current)}
          {target ? ` / ${formatMoney(target)}` : ''}
        </span>
        <span className={done ? 'text-money' : ''}>
          {done ? t('vip.requirement_met') : t('vip.remaining', { amount: formatMoney(remaining) })}
        </span>
      </div>
    </div>
  );
}

/** The level-up requirements left: recharge and betting towards the next VIP level. */
export function NextLevelProgress({ info }: { info: VipInfo }) {
  const { t } = useLoyaltyTranslation();
  const { uservip, data } = info;
  const next = levelRow(data, uservip.progress.next_level);
  if (uservip.progress.next_level === null) {
    return <p className="rounded-xl bg-gold/10 p-3 text-center text-sm font-semibold text-gold">{t('vip.top_level')}</p>;
  }
  return (
    <div className="flex flex-col gap-3.5">
      <p className="text-sm text-soft">{t('vip.next_level', { level: levelTitle(next, uservip.progress.next_level) })}</p>
      <ProgressBar
        label={t('vip.total_recharge')}
        current={uservip.totalrecharge}
        target={next?.min_recharge}
        remaining={uservip.progress.recharge_needed}
        percent={uservip.progress.recharge_percent}
      />
      <ProgressBar
        label={t('vip.total_betting')}
        current={uservip.totalbetting}
        target={next?.min_betting}
        remaining={uservip.progress.betting_needed}
        percent={uservip.progress.betting_percent}
      />
    </div>
  );
}

/** The member's level with its medal, totals and the progress to the next level. */
export function VipHero({ info }: { info: VipInfo }) {
  const { t } = useLoyaltyTranslation();
  const { uservip, data } = info;
  const metal = metalOf(uservip.userviplvl);
  const title = uservip.level_name || levelTitle(levelRow(data, uservip.userviplvl), uservip.userviplvl);
  return (
    <section
      className="relative overflow-hidden rounded-2xl border border-line/70 bg-surface p-4 md:p-5"
      aria-label={t('vip.my_level')}
      data-testid="vip-hero"
    >
      <div
        className="pointer-events-none absolute -top-24 -right-16 size-64 rounded-full opacity-25 blur-3xl"
        style={{ background: metal.mid }}
        aria-hidden="true"
      />
      <div className="relative flex items-center gap-4">
        <VipMedal level={uservip.userviplvl} size={92} label={title} />
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold tracking-wide text-muted uppercase">{t('vip.my_level')}</p>
          <p className="truncate text-2xl font-extrabold text-white" data-testid="vip-level" data-level={uservip.userviplvl}>
            {title}
          </p>
          <div className="mt-2 flex flex-wrap gap-1.5 text-xs">
            <span className="rounded-full bg-surface-2 px-2.5 py-1 text-soft">
              {t('vip.slot_level_short', { level: uservip.slot_level })}
            </span>
            <span className="rounded-full bg-surface-2 px-2.5 py-1 text-soft">
              {t('vip.live_level_short', { level: uservip.live_level })}
            </span>
          </div>
        </div>
      </div>
      <dl className="relative mt-4 grid grid-cols-2 gap-2">
        <Stat label={t('vip.total_recharge')} value={formatMoney(uservip.totalrecharge)} testId="vip-total-recharge" />
        <Stat label={t('vip.total_betting')} value={formatMoney(uservip.totalbetting)} testId="vip-total-betting" />
      </dl>
      <div className="relative mt-4 border-t border-line/60 pt-4">
        <NextLevelProgress info={info} />
      </div>
    </section>
  );
}

export function Stat({ label, value, tone = 'text-white', testId }: { label: string; value: ReactNode; tone?: string; testId?: string }) {
  return (
    <div className="min-w-0 rounded-xl bg-ink/50 px-3 py-2.5">
      <dt className="truncate text-xs text-muted">{label}</dt>
      <dd className={`truncate text-base font-bold tabular-nums ${tone}`} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

type TrackProps = { title: string; level: number; total: string; progress: VipProgress; target: string | undefined };

function TrackProgress({ title, level, total, progress, target }: TrackProps) {
  const { t } = useLoyaltyTranslation();
  return (
    <div className="flex flex-col gap-3 rounded-xl bg-ink/40 p-3.5">
      <div className="flex items-center gap-3">
        <VipMedal level={level} size={40} />
        <div className="min-w-0">
          <p className="text-sm font-semibold text-white">{title}</p>
          <p className="text-xs text-muted">{t('vip.level_n', { level })}</p>
        </div>
      </div>
      {progress.next_level === null ? (
        <p className="text-xs font-semibold text-gold">{t('vip.top_level')}</p>
      ) : (
        <ProgressBar
          label={t('vip.bets_to_level', { level: progress.next_level })}
          current={total}
          target={target}
          remaining={progress.betting_needed}
          percent={progress.betting_percent}
        />
      )}
    </div>
  );
}

/** Slot and live levels follow lifetime valid bets in slots and in live games, each on its own ladder. */
export function CategoryLevels({ info }: { info: VipInfo }) {
  const { t } = useLoyaltyTranslation();
  const { uservip, data } = info;
  return (
    <Card className="flex flex-col gap-3">
      <div>
        <h2 className="text-[15px] font-bold text-white">{t('vip.category_levels')}</h2>
        <p className="text-xs text-muted">{t('vip.category_levels_hint')}</p>
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <TrackProgress
          title={t('vip.slot_level')}
          level={uservip.slot_level}
          total={uservip.total_slot_betting}
          progress={uservip.slot_progress}
          target={levelRow(data, uservip.slot_progress.next_level)?.min_slot_betting}
        />
        <TrackProgress
          title={t('vip.live_level')}
          level={uservip.live_level}
          total={uservip.total_live_betting}
          progress={uservip.live_progress}
          target={levelRow(data, uservip.live_progress.next_level)?.min_live_betting}
        />
      </div>
    </Card>
  );
}

/** Rebate rates of one level by game category, as percentages. */
export function RebateRatesGrid({ rates }: { rates: Record<string, number> }) {
  const { t } = useLoyaltyTranslation();
  const known = CATEGORIES.filter((category) => rates[category] !== undefined);
  if (known.length === 0) return <p className="text-sm text-muted">{t('empty.no_data')}</p>;
  return (
    <dl className="grid grid-cols-2 gap-1.5">
      {known.map((category) => (
        <div key={category} className="flex items-center justify-between gap-2 rounded-lg bg-ink/40 px-3 py-2 text-[13px]">
          <dt className="truncate text-soft">{t(`categories.${category}`)}</dt>
          <dd className="font-bold text-gold tabular-nums">{formatBasisPoints(rates[category] ?? 0)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What one level asks and gives; a row of medals picks the level. */
export function LevelBenefits({ info }: { info: VipInfo }) {
  const { t } = useLoyaltyTranslation();
  const { uservip, data } = info;
  const [picked, setPicked] = useState<number>(uservip.progress.next_level ?? uservip.userviplvl);
  const row = levelRow(data, picked) ?? data[0];
  if (!row) return null;
  return (
    <Card className="flex flex-col gap-4">
      <h2 className="text-[15px] font-bold text-white">{t('vip.benefits')}</h2>
      <div
        role="tablist"
        aria-label={t('vip.pick_level')}
        className="scrollbar-none -mx-4 flex gap-1 overflow-x-auto px-4 md:-mx-5 md:px-5"
      >
        {data.map((level) => (
          <button
            key={level.level}
            type="button"
            role="tab"
            aria-selected={level.level === row.level}
            onClick={() => setPicked(level.level)}
            className={`flex shrink-0 flex-col items-center gap-0.5 rounded-xl border px-1.5 pt-1.5 pb-1 transition ${
              level.level === row.level ? 'border-gold bg-gold/10' : 'border-transparent hover:bg-surface-2'
            }`}
          >
            <VipMedal level={level.level} size={38} className={level.level > uservip.userviplvl ? 'opacity-70' : ''} />
            <span className={`text-[11px] font-semibold ${level.level === row.level ? 'text-gold' : 'text-muted'}`}>VIP {level.level}</span>
          </button>
        ))}
      </div>
      <div className="flex flex-col gap-4" role="tabpanel" data-testid="vip-benefits" data-level={row.level}>
        <div className="flex items-center gap-3">
          <VipMedal level={row.level} size={56} />
          <div className="min-w-0">
            <p className="truncate text-lg font-bold text-white">{levelTitle(row, row.level)}</p>
            <p className="text-xs text-muted">{row.level <= uservip.userviplvl ? t('vip.reached') : t('vip.not_reached')}</p>
          </div>
          <div className="ml-auto text-right">
            <p className="text-xs text-muted">{t('vip.levelup_reward')}</p>
            <p className="text-lg font-extrabold text-money tabular-nums">{formatMoney(row.levelup_reward)}</p>
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-2">
          <Stat label={t('vip.min_recharge')} value={formatMoney(row.min_recharge)} />
          <Stat label={t('vip.min_betting')} value={formatMoney(row.min_betting)} />
          <Stat label={t('vip.min_slot_betting')} value={formatMoney(row.min_slot_betting)} />
          <Stat label={t('vip.min_live_betting')} value={formatMoney(row.min_live_betting)} />
        </dl>
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-soft">{t('vip.rebate_rates')}</h3>
          <RebateRatesGrid rates={row.rebate_bp} />
        </div>
      </div>
    </Card>
  );
}

/** Every level's thresholds and reward in one table; the member's level is marked. */
export function LevelTable({ info }: { info: VipInfo }) {
  const { t } = useLoyaltyTranslation();
  const current = info.uservip.userviplvl;
  return (
    <Card className="flex flex-col gap-3 !px-0 md:!px-0">
      <h2 className="px-4 text-[15px] font-bold text-white md:px-5">{t('vip.level_table')}</h2>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[340px] text-left text-[13px] tabular-nums">
          <thead className="text-xs text-muted">
            <tr className="border-b border-line/60">
              <th scope="col" className="py-2 pr-2 pl-4 font-medium md:pl-5">
                {t('vip.level')}
              </th>
              <th scope="col" className="px-2 py-2 text-right font-medium">
                {t('vip.min_recharge')}
              </th>
              <th scope="col" className="px-2 py-2 text-right font-medium">
                {t('vip.min_betting')}
              </th>
              <th scope="col" className="py-2 pr-4 pl-2 text-right font-medium md:pr-5">
                {t('vip.levelup_reward')}
              </th>
            </tr>
          </thead>
          <tbody>
            {info.data.map((row) => (
              <tr
                key={row.level}
                className={`border-b border-line/40 last:border-0 ${row.level === current ? 'bg-gold/10' : ''}`}
                aria-current={row.level === current ? 'true' : undefined}
              >
                <th scope="row" className="py-2 pr-2 pl-4 font-semibold whitespace-nowrap text-white md:pl-5">
                  <span className="flex items-center gap-1.5">
                    {row.level <= current ? <CheckIcon size={14} className="text-money" /> : <span className="w-3.5" />}
                    VIP {row.level}
                  </span>
                </th>
                <td className="px-2 py-2 text-right text-soft">{formatMoney(row.min_recharge)}</td>
                <td className="px-2 py-2 text-right text-soft">{formatMoney(row.min_betting)}</td>
                <td className="py-2 pr-4 pl-2 text-right font-semibold text-money md:pr-5">{formatMoney(row.levelup_reward)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
