import { Coins, Dices, Gift } from 'lucide-react';
import { Card } from '../../components/card.tsx';
import { CheckIcon } from '../../components/icons.tsx';
import { formatMoney } from '../../lib/format.ts';
import type { VipInfo, VipLevelRow } from './vip.api.ts';
import { VipMedal } from './vip-medal.tsx';
import { levelTitle, useLoyaltyTranslation, NextLevelProgress } from './vip-ui.tsx';

const STEPS = [
  { icon: Coins, title: 'vip.how.recharge_title', text: 'vip.how.recharge_text' },
  { icon: Dices, title: 'vip.how.bet_title', text: 'vip.how.bet_text' },
  { icon: Gift, title: 'vip.how.reward_title', text: 'vip.how.reward_text' },
] as const;

/** The rules of levelling up in three steps; visitors see them too (no data needed). */
export function HowToLevelUp() {
  const { t } = useLoyaltyTranslation();
  return (
    <Card className="flex flex-col gap-4">
      <div className="flex items-center gap-3">
        <div className="flex -space-x-3" aria-hidden="true">
          {[1, 3, 5, 7, 9].map((level) => (
            <VipMedal key={level} level={level} size={34} />
          ))}
        </div>
        <h2 className="text-[15px] font-bold text-white">{t('vip.how.title')}</h2>
      </div>
      <ol className="grid grid-cols-1 gap-3 md:grid-cols-3">
        {STEPS.map((step, index) => (
          <li key={step.title} className="flex gap-3 rounded-xl bg-ink/40 p-3.5">
            <span className="relative flex size-10 shrink-0 items-center justify-center rounded-full bg-gold/15 text-gold">
              <step.icon size={20} strokeWidth={1.8} aria-hidden="true" />
              <span className="absolute -top-1 -right-1 flex size-5 items-center justify-center rounded-full bg-gold text-[11px] font-bold text-ink">
                {index + 1}
              </span>
            </span>
            <div className="min-w-0">
              <p className="text-sm font-semibold text-white">{t(step.title)}</p>
              <p className="text-[13px] leading-snug text-muted">{t(step.text)}</p>
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}

type RungState = 'reached' | 'current' | 'next' | 'locked';

function rungState(level: number, current: number, next: number | null): RungState {
  if (level === current) return 'current';
  if (level < current) return 'reached';
  return level === next ? 'next' : 'locked';
}

const RUNG_STYLE: Record<RungState, string> = {
  current: 'border-gold bg-gold/10 shadow-[0_0_0_1px_rgba(245,196,81,0.35)]',
  next: 'border-gold/40 bg-surface',
  reached: 'border-line/70 bg-surface',
  locked: 'border-line/50 bg-surface/70',
};

function Rung({ row, state, info }: { row: VipLevelRow; state: RungState; info: VipInfo }) {
  const { t } = useLoyaltyTranslation();
  return (
    <li className="relative" data-testid="vip-rung" data-level={row.level} data-state={state}>
      <div className={`flex flex-col gap-3 rounded-2xl border p-3.5 ${RUNG_STYLE[state]}`}>
        <div className="flex items-center gap-3">
          <VipMedal level={row.level} size={52} className={state === 'locked' ? 'opacity-60 grayscale-[40%]' : ''} />
          <div className="min-w-0 flex-1">
            <p className="flex items-center gap-2">
              <span className="truncate font-bold text-white">{levelTitle(row, row.level)}</span>
              {state === 'current' ? (
                <span className="shrink-0 rounded-full bg-gold px-2 py-0.5 text-[11px] font-bold text-ink">{t('vip.you_are_here')}</span>
              ) : null}
              {state === 'reached' ? <CheckIcon size={16} className="shrink-0 text-money" aria-label={t('vip.reached')} /> : null}
            </p>
            <p className="text-xs text-muted tabular-nums">
              {t('vip.min_recharge')} <span className="text-soft">{formatMoney(row.min_recharge)}</span>
            </p>
            <p className="text-xs text-muted tabular-nums">
              {t('vip.min_betting')} <span className="text-soft">{formatMoney(row.min_betting)}</span>
            </p>
          </div>
          <div className="shrink-0 text-right">
            <p className="text-[11px] text-muted">{t('vip.levelup_reward')}</p>
            <p className="font-bold text-money tabular-nums">{formatMoney(row.levelup_reward)}</p>
          </div>
        </div>
        {state === 'next' ? <NextLevelProgress info={info} /> : null}
      </div>
    </li>
  );
}

/** The levels from the first to the top: what is done, where the member is, what comes next. */
export function LevelLadder({ info }: { info: VipInfo }) {
  const { t } = useLoyaltyTranslation();
  const { userviplvl, progress } = info.uservip;
  return (
    <section className="flex flex-col gap-3" aria-label={t('vip.ladder')}>
      <h2 className="text-[15px] font-bold text-white">{t('vip.ladder')}</h2>
      <ol className="relative flex flex-col gap-2.5 before:absolute before:top-4 before:bottom-4 before:left-[40px] before:w-0.5 before:bg-line/60">
        {info.data.map((row) => (
          <Rung key={row.level} row={row} info={info} state={rungState(row.level, userviplvl, progress.next_level)} />
        ))}
      </ol>
    </section>
  );
}
