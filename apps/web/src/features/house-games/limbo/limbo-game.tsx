import { payout, multiplier as exactMultiplier } from '@casino/games/exact';
import { LIMBO_MAX_TARGET, LIMBO_MIN_TARGET } from '@casino/games/limbo';
import { API } from '@casino/shared/player-api-paths';
import { formatBRL, formatCentavos } from '@casino/shared/money';
import type { LimboAnswer } from '@casino/shared/schemas/house-table-games';
import { useCallback, useEffect, useState } from 'react';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useIsLoggedIn } from '../../../lib/session.ts';
import { useTranslation } from '../../../lib/translation.ts';
import { useAutoBet } from '../common/auto-bet.tsx';
import { formatScaled, parseTypedAmount } from '../common/bet-amount.tsx';
import { GameShell, RtpCaption, StatField } from '../common/game-shell.tsx';
import { housePost, limitsOf, requireLogin, useHouseConfig } from '../common/house-api.ts';
import { EditableField, InstantBetButton, RecentStrip, StakeControls, useInstantRound, useRoundTimers } from '../common/instant-round.tsx';
import { RulesPanel, RulesTable } from '../common/rules-panel.tsx';
import { sound } from '../common/sound.ts';

type Recent = { id: number; result: number; win: boolean };
const MAX_RECENT = 16;
const RISE_MS = 600;
/** "2.50" for 250: the exact form the API reads. */
const hundredthsText = (h: number) => `${Math.floor(h / 100)}.${String(h % 100).padStart(2, '0')}`;
const clampTarget = (h: number) => Math.min(LIMBO_MAX_TARGET, Math.max(LIMBO_MIN_TARGET, Math.round(h)));

function LimboRules({ rtp }: { rtp: string }) {
  const { t } = useTranslation('play');
  const targets = [101, 150, 200, 500, 1000, 10_000, 100_000, 100_000_000];
  return (
    <RulesPanel rtp={rtp} rules={[t('limbo.rule_result'), t('limbo.rule_target'), t('limbo.rule_edge')]}>
      <RulesTable head={[{ label: t('limbo.target') }, { label: t('limbo.win_chance'), end: true }]}>
        {targets.map((target) => (
          <tr key={target} className="border-t border-line">
            <td className="py-1.5 font-semibold text-white">{formatScaled(target, 2)}×</td>
            <td className="py-1.5 text-right tabular-nums">{formatScaled(Math.floor(99_000_000 / target), 4)}%</td>
          </tr>
        ))}
      </RulesTable>
    </RulesPanel>
  );
}

/** The big multiplier: counts up from 1.00× to the result, then shows it green (win) or red. */
function BigMultiplier({ result, win, rising }: { result: number | null; win: boolean | null; rising: boolean }) {
  const [shown, setShown] = useState(100);
  useEffect(() => {
    if (result === null) return;
    if (!rising) {
      setShown(result);
      return;
    }
    const start = performance.now();
    let frame = 0;
    const step = (now: number) => {
      const p = Math.min(1, (now - start) / RISE_MS);
      // Exponential ease: big results rise like a rocket, small ones settle quickly.
      setShown(Math.max(100, Math.round(100 * (result / 100) ** p)));
      if (p < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [result, rising]);
  const color = result === null ? 'text-white/20' : rising ? 'text-white' : win ? 'text-money' : 'text-danger';
  return (
    <span className={`text-6xl font-black tabular-nums transition-colors md:text-8xl ${color}`} data-testid="limbo-result">
      {formatScaled(result === null ? 100 : shown, 2)}×
    </span>
  );
}

export default function LimboGame({ onExit }: { onExit: () => void }) {
  const { t } = useTranslation('play');
  const loggedIn = useIsLoggedIn();
  const config = useHouseConfig('limbo');
  const { minCentavos, maxCentavos } = limitsOf(config.data);
  const [betCentavos, setBetCentavos] = useState(100);
  const [target, setTarget] = useState(200);
  const [mode, setMode] = useState<'manual' | 'auto'>('manual');
  const [rising, setRising] = useState(false);
  const [last, setLast] = useState<{ result: number; win: boolean; winCentavos: number } | null>(null);
  const [recent, setRecent] = useState<Recent[]>([]);
  const after = useRoundTimers();
  const { busy, bet } = useInstantRound();

  const play = useCallback(
    async (stake: number): Promise<{ betCentavos: number; payoutCentavos: number } | null> => {
      if (!requireLogin()) return null;
      return bet(
        stake,
        () => housePost<LimboAnswer>(API.house.limbo, { amount: formatCentavos(stake), target: hundredthsText(target) }),
        (answer, winCentavos) => {
          const { result, win } = answer.outcome;
          setRising(true);
          setLast({ result, win, winCentavos });
          return after(RISE_MS, () => {
            setRising(false);
            sound.play(win ? 'win' : 'lose');
            setRecent((list) => [{ id: answer.round_id, result, win }, ...list].slice(0, MAX_RECENT));
          });
        },
        () => setRising(false),
      );
    },
    [target, bet, after],
  );

  const auto = useAutoBet(play, { betCentavos, onBetChange: setBetCentavos, minCentavos, maxCentavos, delayMs: 250 });
  const locked = busy || auto.running;
  const lang = currentLanguage();
  const rtp = config.data?.rtp ?? '99.00';
  const profitCentavos = Math.max(0, payout(betCentavos, exactMultiplier(target, 100)) - betCentavos);
  // P(win) = 99 / target (to within 6e-14), in ten-thousandths of a percent.
  const chance = Math.floor(99_000_000 / target);

  const controls = (
    <div className="flex flex-col gap-3">
      <StakeControls
        mode={mode}
        onMode={setMode}
        auto={auto}
        betCentavos={betCentavos}
        onBet={setBetCentavos}
        minCentavos={minCentavos}
        maxCentavos={maxCentavos}
        locked={locked}
      />
      <div className="grid grid-cols-2 gap-2">
        <EditableField
          label={t('limbo.target')}
          display={formatScaled(target, 2)}
          suffix="×"
          testId="limbo-target"
          disabled={locked}
          onCommit={(text) => {
            const typed = parseTypedAmount(text);
            if (typed !== null) setTarget(clampTarget(typed));
          }}
        />
        <StatField label={t('limbo.win_chance')} value={`${formatScaled(chance, 4)}%`} testId="limbo-chance" />
      </div>
      <div className="grid grid-cols-4 gap-1">
        {[150, 200, 1000, 10_000].map((quick) => (
          <button
            key={quick}
            type="button"
            disabled={locked}
            onClick={() => setTarget(quick)}
            className={`h-8 rounded-lg border text-xs font-bold tabular-nums ${target === quick ? 'border-gold text-gold' : 'border-line text-soft hover:text-white'}`}
          >
            {formatScaled(quick, 2)}×
          </button>
        ))}
      </div>
      <StatField label={t('common.profit_on_win')} value={formatBRL(profitCentavos, lang)} accent testId="limbo-profit" />
      <InstantBetButton mode={mode} loggedIn={loggedIn} busy={busy} auto={auto} onBet={() => void play(betCentavos)} testId="limbo-bet">
        {t('common.bet')}
      </InstantBetButton>
      <RtpCaption rtp={rtp} />
    </div>
  );

  return (
    <GameShell code="limbo" title={config.data?.name ?? 'Limbo'} onExit={onExit} controls={controls} paytable={<LimboRules rtp={rtp} />}>
      <div className="flex flex-1 flex-col gap-4 p-3 md:p-6">
        <RecentStrip items={recent.map((item) => ({ ...item, label: `${formatScaled(item.result, 2)}×` }))} testId="limbo-recent" />
        <div className="relative flex min-h-72 flex-1 flex-col items-center justify-center gap-4 overflow-hidden rounded-2xl border border-line bg-[radial-gradient(ellipse_at_bottom,rgba(245,196,81,0.12),transparent_60%),linear-gradient(180deg,#0b1122,#141b33)] px-3 py-8">
          <svg viewBox="0 0 400 200" className="pointer-events-none absolute inset-x-0 bottom-0 h-1/2 w-full opacity-40" aria-hidden="true">
            <defs>
              <linearGradient id="limbo-glow" x1="0" x2="0" y1="0" y2="1">
                <stop offset="0" stopColor="#f5c451" stopOpacity="0.6" />
                <stop offset="1" stopColor="#f5c451" stopOpacity="0" />
              </linearGradient>
            </defs>
            <path d="M0 200 Q 200 40 400 200 Z" fill="url(#limbo-glow)" />
            {Array.from({ length: 24 }, (_, i) => (
              <circle key={i} cx={(i * 97) % 400} cy={(i * 53) % 180} r={i % 3 === 0 ? 1.6 : 1} fill="#fff" opacity="0.5" />
            ))}
          </svg>
          <div className="relative flex flex-col items-center gap-2 text-center" aria-live="polite">
            <BigMultiplier result={last?.result ?? null} win={last?.win ?? null} rising={rising} />
            {last && !rising ? (
              <p className={`text-sm font-bold ${last.win ? 'text-money' : 'text-danger'}`} data-testid="limbo-outcome">
                {last.win
                  ? t('common.you_won', { amount: formatBRL(last.winCentavos, lang) })
                  : t('limbo.no_win', { target: formatScaled(target, 2) })}
              </p>
            ) : (
              <p className="text-sm text-muted">{t('limbo.hint', { target: formatScaled(target, 2) })}</p>
            )}
          </div>
          <div className="relative rounded-full border border-gold/40 bg-gold/10 px-4 py-1 text-sm font-bold text-gold tabular-nums">
            {t('limbo.target')}: {formatScaled(target, 2)}×
          </div>
        </div>
      </div>
    </GameShell>
  );
}
