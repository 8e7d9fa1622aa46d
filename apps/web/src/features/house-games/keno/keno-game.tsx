import { KENO_DRAWN, KENO_MAX_PICKS, KENO_NUMBERS, KENO_PAYTABLES, KENO_RISKS, type KenoRisk, kenoRtp } from '@casino/games/keno';
import { API } from '@casino/shared/player-api-paths';
import { formatBRL, formatCentavos } from '@casino/shared/money';
import type { KenoAnswer } from '@casino/shared/schemas/house-table-games';
import { Eraser, Shuffle } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useIsLoggedIn } from '../../../lib/session.ts';
import { useTranslation } from '../../../lib/translation.ts';
import { useAutoBet } from '../common/auto-bet.tsx';
import { formatScaled } from '../common/bet-amount.tsx';
import { GameShell, RtpCaption } from '../common/game-shell.tsx';
import { housePost, limitsOf, requireLogin, useHouseConfig } from '../common/house-api.ts';
import { InstantBetButton, StakeControls, useInstantRound, useRoundTimers } from '../common/instant-round.tsx';
import { RulesPanel, RulesTable } from '../common/rules-panel.tsx';
import { sound } from '../common/sound.ts';

/** One drawn ball every this many ms. */
const BALL_MS = 110;
const NUMBERS = Array.from({ length: KENO_NUMBERS }, (_, i) => i + 1);

/** "3.9" for 39 tenths. */
const tenthsText = (tenths: number) => formatScaled(tenths * 10, 2);

/** `count` distinct random numbers of 1..40 (a screen convenience: the draw is the server's). */
function randomPicks(count: number): number[] {
  const pool = [...NUMBERS];
  const out: number[] = [];
  const random = new Uint32Array(count);
  crypto.getRandomValues(random);
  for (let i = 0; i < count; i += 1) {
    const j = (random[i] ?? 0) % pool.length;
    out.push(pool.splice(j, 1)[0] as number);
  }
  return out.sort((a, b) => a - b);
}

function KenoRules({ rtp }: { rtp: string }) {
  const { t } = useTranslation('play');
  return (
    <RulesPanel rtp={rtp} rules={[t('keno.rule_pick'), t('keno.rule_draw'), t('keno.rule_risk')]}>
      {KENO_RISKS.map((risk) => (
        <div key={risk} className="flex flex-col gap-1">
          <h3 className="text-sm font-bold text-white">{t(`keno.risk_${risk}`)}</h3>
          <RulesTable head={[{ label: t('keno.picks_short') }, { label: t('keno.pays_by_hits') }, { label: 'RTP', end: true }]}>
            {KENO_PAYTABLES[risk].map((row, index) => (
              <tr key={index} className="border-t border-line align-top">
                <td className="py-1.5 pr-2 font-semibold text-white">{index + 1}</td>
                <td className="py-1.5 text-xs">
                  {row
                    .map((tenths, hits) => (tenths > 0 ? `${hits}: ${tenthsText(tenths)}×` : null))
                    .filter(Boolean)
                    .join(' · ')}
                </td>
                <td className="py-1.5 text-right tabular-nums">{formatScaled(Math.floor(kenoRtp(index + 1, risk) * 10_000), 2)}%</td>
              </tr>
            ))}
          </RulesTable>
        </div>
      ))}
    </RulesPanel>
  );
}

type Last = { drawn: number[]; hits: number[]; winCentavos: number; stakeCentavos: number };

export default function KenoGame({ onExit }: { onExit: () => void }) {
  const { t } = useTranslation('play');
  const loggedIn = useIsLoggedIn();
  const config = useHouseConfig('keno');
  const { minCentavos, maxCentavos } = limitsOf(config.data);
  const [betCentavos, setBetCentavos] = useState(100);
  const [picks, setPicks] = useState<number[]>([]);
  const [risk, setRisk] = useState<KenoRisk>('classic');
  const [mode, setMode] = useState<'manual' | 'auto'>('manual');
  const [last, setLast] = useState<Last | null>(null);
  /** Balls of `last.drawn` shown so far. */
  const [shown, setShown] = useState(0);
  const after = useRoundTimers();
  const { busy, bet } = useInstantRound();

  const toggle = (n: number) => {
    if (busy) return;
    sound.play('click');
    setLast(null);
    setPicks((list) =>
      list.includes(n) ? list.filter((p) => p !== n) : list.length >= KENO_MAX_PICKS ? list : [...list, n].sort((a, b) => a - b),
    );
  };

  const play = useCallback(
    async (stake: number): Promise<{ betCentavos: number; payoutCentavos: number } | null> => {
      if (!requireLogin() || picks.length === 0) return null;
      setShown(0);
      return bet(
        stake,
        () => housePost<KenoAnswer>(API.house.keno, { amount: formatCentavos(stake), picks, risk }),
        (answer, winCentavos) => {
          setLast({ drawn: answer.outcome.drawn, hits: answer.outcome.hits, winCentavos, stakeCentavos: stake });
          const balls: Promise<void>[] = [];
          for (let i = 1; i <= KENO_DRAWN; i += 1) {
            balls.push(
              after(i * BALL_MS, () => {
                setShown(i);
                sound.play(picks.includes(answer.outcome.drawn[i - 1] ?? 0) ? 'reveal' : 'tick');
                if (i === KENO_DRAWN) sound.play(winCentavos > stake ? 'win' : 'lose');
              }),
            );
          }
          return Promise.all(balls).then(() => undefined);
        },
      );
    },
    [picks, risk, bet, after],
  );

  const auto = useAutoBet(play, { betCentavos, onBetChange: setBetCentavos, minCentavos, maxCentavos, delayMs: 400 });
  const locked = busy || auto.running;
  const lang = currentLanguage();
  const rtp = config.data?.rtp ?? '97.00';
  const drawnNow = last ? last.drawn.slice(0, shown) : [];
  const hitsNow = drawnNow.filter((n) => picks.includes(n)).length;
  const row = picks.length > 0 ? (KENO_PAYTABLES[risk][picks.length - 1] ?? []) : [];
  const done = last !== null && shown >= KENO_DRAWN;

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
      <div className="flex flex-col gap-1">
        <span className="text-xs font-semibold text-muted">{t('keno.risk')}</span>
        <div className="grid grid-cols-4 gap-1 rounded-xl border border-line bg-ink/60 p-1" role="toolbar" aria-label={t('keno.risk')}>
          {KENO_RISKS.map((r) => (
            <button
              key={r}
              type="button"
              aria-pressed={risk === r}
              disabled={locked}
              onClick={() => setRisk(r)}
              className={`h-8 rounded-lg text-xs font-bold transition ${risk === r ? 'bg-gold text-ink' : 'text-soft hover:text-white'}`}
              data-testid={`keno-risk-${r}`}
            >
              {t(`keno.risk_${r}`)}
            </button>
          ))}
        </div>
      </div>
      <div className="grid grid-cols-2 gap-2">
        <Button
          variant="ghost"
          disabled={locked}
          onClick={() => {
            sound.play('click');
            setLast(null);
            setPicks(randomPicks(picks.length > 0 ? picks.length : KENO_MAX_PICKS));
          }}
          data-testid="keno-auto-pick"
        >
          <Shuffle size={16} aria-hidden="true" /> {t('keno.auto_pick')}
        </Button>
        <Button
          variant="ghost"
          disabled={locked || picks.length === 0}
          onClick={() => {
            setPicks([]);
            setLast(null);
          }}
          data-testid="keno-clear"
        >
          <Eraser size={16} aria-hidden="true" /> {t('keno.clear')}
        </Button>
      </div>
      <InstantBetButton
        mode={mode}
        loggedIn={loggedIn}
        busy={busy}
        auto={auto}
        disabled={picks.length === 0}
        onBet={() => void play(betCentavos)}
        testId="keno-bet"
      >
        {picks.length === 0 ? t('keno.pick_hint') : t('keno.play')}
      </InstantBetButton>
      <RtpCaption rtp={rtp} />
    </div>
  );

  return (
    <GameShell code="keno" title={config.data?.name ?? 'Keno'} onExit={onExit} controls={controls} paytable={<KenoRules rtp={rtp} />}>
      <div className="flex flex-1 flex-col gap-3 p-3 md:p-6">
        <div className="flex items-center justify-between text-xs font-semibold text-muted">
          <span data-testid="keno-picked">{t('keno.picked', { n: picks.length, max: KENO_MAX_PICKS })}</span>
          {last ? (
            <span
              className={done ? (last.winCentavos > 0 ? 'text-money' : 'text-danger') : 'text-white'}
              aria-live="polite"
              data-testid="keno-result"
            >
              {done
                ? last.winCentavos > 0
                  ? t('common.you_won', { amount: formatBRL(last.winCentavos, lang) })
                  : t('keno.no_win', { count: last.hits.length })
                : t('keno.hits', { count: hitsNow })}
            </span>
          ) : null}
        </div>
        <div
          className="grid grid-cols-8 gap-1.5 rounded-2xl border border-line bg-[radial-gradient(ellipse_at_top,rgba(124,58,237,0.18),transparent_60%),linear-gradient(180deg,#141b33,#0b1122)] p-2 sm:gap-2 sm:p-3"
          data-testid="keno-board"
        >
          {NUMBERS.map((n) => {
            const picked = picks.includes(n);
            const drawn = drawnNow.includes(n);
            const hit = picked && drawn;
            const tone = hit
              ? 'bg-money text-white shadow-[0_0_12px_rgba(34,197,94,0.7)] scale-105'
              : drawn
                ? 'bg-danger/80 text-white'
                : picked
                  ? 'bg-gold text-ink'
                  : 'bg-surface-2 text-soft hover:bg-surface-2/70 hover:text-white';
            return (
              <button
                key={n}
                type="button"
                aria-pressed={picked}
                disabled={locked}
                onClick={() => toggle(n)}
                className={`aspect-square rounded-lg text-sm font-black tabular-nums transition duration-150 sm:text-base ${tone}`}
                data-testid={`keno-tile-${n}`}
                data-state={hit ? 'hit' : drawn ? 'drawn' : picked ? 'picked' : 'idle'}
              >
                {n}
              </button>
            );
          })}
        </div>
        <ol className="flex min-h-9 flex-wrap items-center justify-center gap-1.5" aria-label={t('keno.drawn')} data-testid="keno-drawn">
          {drawnNow.map((n) => (
            <li
              key={n}
              className={`animate-toast-in flex size-8 items-center justify-center rounded-full text-xs font-black shadow ${picks.includes(n) ? 'bg-money text-white' : 'bg-white text-ink'}`}
            >
              {n}
            </li>
          ))}
        </ol>
        {row.length > 0 ? (
          <div className="scrollbar-none flex gap-1 overflow-x-auto" data-testid="keno-paytable">
            {row.map((tenths, hits) => {
              const current = done && last?.hits.length === hits;
              return (
                <div
                  key={hits}
                  className={`flex min-w-12 flex-1 flex-col items-center rounded-lg border px-1 py-1 text-xs tabular-nums ${current ? 'border-gold bg-gold/15 text-gold' : 'border-line bg-ink/60 text-soft'}`}
                >
                  <span className="font-bold text-white">{tenthsText(tenths)}×</span>
                  <span>{t('keno.hits_short', { count: hits })}</span>
                </div>
              );
            })}
          </div>
        ) : (
          <p className="text-center text-sm text-muted">{t('keno.pick_hint')}</p>
        )}
      </div>
    </GameShell>
  );
}
