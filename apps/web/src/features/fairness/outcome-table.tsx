import { useTranslation } from '../../lib/translation.ts';
import { Die } from '../../components/die.tsx';
import { PlayingCard } from '../../components/playing-card.tsx';
import { hundredthsText, type TableOutcome } from './verify-table.ts';

/** Keno, limbo, baccarat and bac bo recomputed in the verify tool, drawn the way the games show them. */
export function TableOutcomeView({ outcome }: { outcome: TableOutcome }) {
  const { t } = useTranslation();
  switch (outcome.game) {
    case 'keno':
      return (
        <div className="flex flex-col gap-2" data-testid="verify-keno">
          <p className="text-xs text-muted">{t('fairness.keno_drawn')}</p>
          <ol className="flex flex-wrap gap-1.5" data-testid="verify-keno-drawn">
            {outcome.drawn.map((n) => (
              <li
                key={n}
                className={`flex size-8 items-center justify-center rounded-full text-xs font-black ${outcome.picks.includes(n) ? 'bg-money text-white' : 'bg-white text-ink'}`}
              >
                {n}
              </li>
            ))}
          </ol>
        </div>
      );
    case 'limbo':
      return (
        <div className="flex flex-col items-center gap-1" data-testid="verify-limbo">
          <span
            className={`text-4xl font-black tabular-nums ${outcome.win ? 'text-money' : 'text-danger'}`}
            data-testid="verify-limbo-result"
          >
            {hundredthsText(outcome.result)}x
          </span>
          <span className="text-xs text-muted">
            {outcome.win ? t('fairness.win') : t('fairness.loss')} · {hundredthsText(outcome.target)}x
          </span>
        </div>
      );
    case 'baccarat':
      return (
        <div className="grid grid-cols-2 gap-3" data-testid="verify-baccarat">
          {(['player', 'banker'] as const).map((side) => (
            <div key={side} className="flex flex-col items-center gap-1">
              <span className="text-xs font-semibold text-muted">
                {t(`fairness.facts.${side}_cards`)} · {side === 'player' ? outcome.outcome.playerTotal : outcome.outcome.bankerTotal}
              </span>
              <div className="flex gap-1">
                {outcome.outcome[side].map((card, i) => (
                  <PlayingCard key={i} card={card} className="w-10 sm:w-12" />
                ))}
              </div>
            </div>
          ))}
        </div>
      );
    case 'bac-bo':
      return (
        <div className="grid grid-cols-2 gap-3" data-testid="verify-bac-bo">
          {(['player', 'banker'] as const).map((side) => (
            <div key={side} className="flex flex-col items-center gap-1">
              <span className="text-xs font-semibold text-muted">
                {t(`fairness.facts.${side}_dice`)} · {side === 'player' ? outcome.outcome.playerTotal : outcome.outcome.bankerTotal}
              </span>
              <div className="flex gap-1">
                {outcome.outcome[side].map((value, i) => (
                  <Die key={i} value={value} colour={side} rolling={false} />
                ))}
              </div>
            </div>
          ))}
        </div>
      );
  }
}
