import { type ReactNode, useEffect, useRef } from 'react';
import { moneyStringToCentavos } from '@casino/shared/money';
import { formatMoney } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/translation.ts';
import { formatScaledIn } from '../common/amounts.ts';
import { currentLanguage } from '../../../lib/i18n.ts';

/** The "RNG table, no live dealer" label every live table shows. */
export function RngBadge() {
  const { t } = useTranslation('play');
  return (
    <p
      className="inline-flex items-center gap-1.5 self-start rounded-full border border-gold/40 bg-gold/10 px-3 py-1 text-[11px] font-bold text-gold"
      data-testid="live-rng-label"
    >
      <span className="size-2 rounded-full bg-gold" aria-hidden />
      {t('live.rng_label')}
    </p>
  );
}

/** The betting window's countdown (seconds, one decimal) and its bar, written every frame. */
export function Countdown({ endsAt, serverTime, label }: { endsAt: number; serverTime: number; label: string }) {
  const text = useRef<HTMLSpanElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const receivedAt = performance.now();
    const total = Math.max(1, endsAt - serverTime);
    const lang = currentLanguage();
    let frame = 0;
    const loop = () => {
      const left = Math.max(0, total - (performance.now() - receivedAt));
      if (text.current) text.current.textContent = formatScaledIn(Math.ceil(left / 100), 1, lang);
      if (bar.current) bar.current.style.transform = `scaleX(${left / total})`;
      frame = requestAnimationFrame(loop);
    };
    frame = requestAnimationFrame(loop);
    return () => cancelAnimationFrame(frame);
  }, [endsAt, serverTime]);
  return (
    <div className="flex flex-col items-center gap-1.5" data-testid="live-countdown">
      <span className="text-sm font-semibold text-soft">
        {label} <span ref={text} className="font-black text-white tabular-nums" />s
      </span>
      <div className="h-1.5 w-48 overflow-hidden rounded-full bg-line">
        <div ref={bar} className="h-full origin-left bg-gold" />
      </div>
    </div>
  );
}

/**
 * A live table's bets of the round, as they arrive: who (masked), on what (drawn by the table),
 * and the stake, or the win in green once paid.
 */
export function LiveBetsList<B extends { player: string; amount: string; win: string | null }>({
  bets,
  keyOf,
  choice,
}: {
  bets: readonly B[];
  keyOf: (bet: B) => string;
  choice: (bet: B) => ReactNode;
}) {
  const { t } = useTranslation('play');
  return (
    <section className="flex min-h-0 flex-col overflow-hidden rounded-xl border border-line bg-surface/70">
      <header className="flex justify-between border-b border-line px-3 py-1.5 text-xs font-semibold text-muted">
        <span>{t('live.bets_title')}</span>
        <span>{t('live.bets_n', { n: bets.length })}</span>
      </header>
      <ul className="max-h-56 divide-y divide-line/50 overflow-y-auto text-xs" data-testid="live-bets">
        {bets.map((bet, index) => {
          const won = bet.win !== null && (moneyStringToCentavos(bet.win) ?? 0) > 0;
          return (
            <li key={`${bet.player}-${keyOf(bet)}-${index}`} className="flex items-center justify-between gap-2 px-3 py-1">
              <span className="w-16 shrink-0 truncate text-muted">{bet.player}</span>
              {choice(bet)}
              <span className={`ml-auto tabular-nums ${won ? 'text-money' : 'text-white'}`}>
                {formatMoney(won ? (bet.win as string) : bet.amount)}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
