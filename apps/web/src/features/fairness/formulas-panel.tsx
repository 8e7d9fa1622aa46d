import { useTranslation } from '../../lib/translation.ts';
import { Card } from '../../components/card.tsx';
import { type FormulaScheme, GAME_FORMULAS, STREAM_FORMULA } from './formulas.ts';

const SCHEME_TONE: Record<FormulaScheme, string> = {
  stake: 'bg-money/15 text-money',
  stake_stream: 'bg-money/10 text-soft',
  bustabit: 'bg-gold/15 text-gold',
  ours: 'bg-surface-2 text-soft',
  cards: 'bg-money/10 text-soft',
  cards_draw: 'bg-money/10 text-soft',
  stream_rules: 'bg-gold/10 text-soft',
};

function Formula({ lines, testId }: { lines: readonly string[]; testId?: string }) {
  return (
    <pre
      className="rounded-lg bg-ink/70 px-3 py-2 font-mono text-[11px] leading-relaxed whitespace-pre-wrap text-soft [overflow-wrap:anywhere]"
      data-testid={testId}
    >
      {lines.join('\n')}
    </pre>
  );
}

/**
 * The exact formula of every house game, and whose scheme it is: Stake's (seeds and byte stream,
 * and for dice, mines, plinko and roulette Stake's own mapping too), or Bustabit's chain for
 * crash and double.
 */
export function FormulasPanel() {
  const { t } = useTranslation();
  return (
    <Card className="flex min-w-0 flex-col gap-4" data-testid="formulas-panel">
      <div>
        <h2 className="text-base font-bold text-white">{t('fairness.formulas.title')}</h2>
        <p className="mt-1 text-sm leading-relaxed text-muted">{t('fairness.formulas.intro')}</p>
      </div>
      <div className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold text-soft">{t('fairness.formulas.stream_title')}</h3>
        <p className="text-xs leading-relaxed text-muted">{t('fairness.formulas.stream_text')}</p>
        <Formula lines={STREAM_FORMULA} testId="formula-stream" />
      </div>
      <ul className="flex flex-col gap-3">
        {GAME_FORMULAS.map((formula) => (
          <li key={formula.game} className="flex flex-col gap-2 border-t border-line/60 pt-3" data-testid={`formula-${formula.game}`}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="text-sm font-semibold text-white">{t(`fairness.games.${formula.game}`)}</span>
              <span
                className={`rounded-full px-2.5 py-0.5 text-[11px] font-semibold ${SCHEME_TONE[formula.scheme]}`}
                data-scheme={formula.scheme}
              >
                {t(`fairness.formulas.scheme.${formula.scheme}`)}
              </span>
            </div>
            <p className="text-xs leading-relaxed text-muted">{t(`fairness.formulas.games.${formula.game}`)}</p>
            <Formula lines={formula.lines} />
          </li>
        ))}
      </ul>
    </Card>
  );
}
