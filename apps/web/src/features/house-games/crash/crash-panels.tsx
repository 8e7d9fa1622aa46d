import { formatBRL, moneyStringToCentavos, parseReais } from '@casino/shared/money';
import { HistoryStrip } from '../common/history-strip.tsx';
import type { CrashState } from '@casino/shared/schemas/house-games';
import { useTranslation } from '../../../lib/translation.ts';
import { formatMoney } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { formatHundredths } from './crash-canvas.tsx';

/** "2.35" (the API's crash multiplier) shown for the reader's language: "2,35×" in Portuguese. */
const shownPoint = (point: string) => formatHundredths(parseReais(point) ?? 100, currentLanguage());

type PlayerBet = CrashState['bets'][number];
type HistoryItem = CrashState['history'][number];

/** Chip colours by crash point: red under 2x, green to 10x, gold above. */
export function crashChipClass(point: string): string {
  const hundredths = parseReais(point) ?? 100;
  if (hundredths < 200) return 'bg-danger/15 text-danger border-danger/30';
  if (hundredths < 1000) return 'bg-money/15 text-money border-money/30';
  return 'bg-gold/15 text-gold border-gold/40';
}

export function CrashHistory({ history }: { history: HistoryItem[] }) {
  return (
    <HistoryStrip items={history} testId="crash-history">
      {(item) => (
        <li
          title={`#${item.round_id}`}
          className={`shrink-0 rounded-full border px-2.5 py-1 text-xs font-bold tabular-nums ${crashChipClass(item.crash_point)}`}
        >
          {shownPoint(item.crash_point)}
        </li>
      )}
    </HistoryStrip>
  );
}

/** The round's bets, live: who bet what, who cashed out where. */
export function CrashPlayers({ bets }: { bets: PlayerBet[] }) {
  const { t } = useTranslation('play');
  const total = bets.reduce((sum, bet) => sum + (moneyStringToCentavos(bet.amount) ?? 0), 0);
  return (
    <section className="flex flex-col overflow-hidden rounded-2xl border border-line bg-surface/70" aria-label={t('crash.players')}>
      <header className="flex items-center justify-between border-b border-line px-3 py-2 text-xs font-semibold text-muted">
        <span>{t('crash.players_count', { n: bets.length })}</span>
        <span className="tabular-nums">{formatBRL(total, currentLanguage())}</span>
      </header>
      {bets.length === 0 ? (
        <p className="px-3 py-4 text-center text-sm text-muted">{t('crash.no_bets')}</p>
      ) : (
        <ul className="max-h-64 divide-y divide-line/60 overflow-y-auto text-sm" data-testid="crash-players">
          {bets.map((bet, index) => (
            <li
              key={`${bet.player}-${index}`}
              className={`grid grid-cols-[1fr_auto_auto] items-center gap-3 px-3 py-1.5 ${bet.cashout ? 'bg-money/5' : ''}`}
            >
              <span className="truncate text-soft">{bet.player}</span>
              <span className="text-right text-white tabular-nums">{formatMoney(bet.amount)}</span>
              <span className={`w-20 text-right font-semibold tabular-nums ${bet.cashout ? 'text-money' : 'text-muted'}`}>
                {bet.cashout ? shownPoint(bet.cashout) : '—'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** How crash rounds are fair: a published hash chain, played backwards. */
export function CrashFairness({ state }: { state: CrashState | null }) {
  const { t } = useTranslation('play');
  const last = state?.history[0];
  return (
    <div className="flex flex-col gap-2 rounded-2xl border border-line bg-surface px-4 py-3 text-sm text-soft">
      <p>{t('crash.fair_chain')}</p>
      {state ? (
        <>
          <span className="text-xs font-semibold text-muted">{t('crash.terminating_hash')}</span>
          <code className="break-all font-mono text-xs text-white" data-testid="crash-terminating-hash">
            {state.terminating_hash}
          </code>
        </>
      ) : null}
      {last ? (
        <>
          <span className="text-xs font-semibold text-muted">
            {t('crash.last_round_hash', { round: last.round_id, point: shownPoint(last.crash_point) })}
          </span>
          <code className="break-all font-mono text-xs text-white">{last.hash}</code>
        </>
      ) : null}
    </div>
  );
}
