import { DOUBLE_MULTIPLIERS, doublePayout } from '@casino/games/double';
import { API } from '@casino/shared/player-api-paths';
import { formatBRL, formatCentavos, moneyStringToCentavos } from '@casino/shared/money';
import type { DoubleColor, DoubleState, HouseServerMessage } from '@casino/shared/schemas/house-games';
import { Fragment, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/translation.ts';
import { Button } from '../../../components/button.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useIsLoggedIn } from '../../../lib/session.ts';
import { AutoBetPanel, ModeTabs, useSharedRoundAutoBet } from '../common/auto-bet.tsx';
import { formatScaledIn } from '../common/amounts.ts';
import { type BalanceHold, useBalanceHold } from '../common/balance-hold.ts';
import { BetAmountInput } from '../common/bet-amount.tsx';
import { GameShell, RtpCaption } from '../common/game-shell.tsx';
import { HistoryStrip } from '../common/history-strip.tsx';
import { RulesPanel, RulesTable } from '../common/rules-panel.tsx';
import { houseGet, housePost, limitsOf, requireLogin, useHouseConfig } from '../common/house-api.ts';
import { useRoundSocket } from '../common/round-socket.ts';
import { sound } from '../common/sound.ts';
import { isRevealed, visibleHistory } from './double-reveal.ts';
import { DOUBLE_TILE_CLASS, DoubleMark, DoubleStrip, type StripMotion } from './double-strip.tsx';

type MyBet = { roundId: number; color: DoubleColor; amountCentavos: number };
type BetAnswer = { round_id: number; color: DoubleColor; amount: string; balance: string };

const COLORS: DoubleColor[] = ['red', 'white', 'black'];
const centavosOf = (text: string | null | undefined) => (text ? (moneyStringToCentavos(text) ?? 0) : 0);
const MAX_BETS_SHOWN = 200;

function DoublePaytable({ rtp }: { rtp: string }) {
  const { t } = useTranslation('play');
  return (
    <RulesPanel rtp={rtp} rules={[t('double.rule_wheel'), t('double.rule_bet'), t('double.rule_pay'), t('double.rule_disconnect')]}>
      <RulesTable head={[{ label: t('double.color') }, { label: t('double.numbers') }, { label: t('double.pays'), end: true }]}>
        {COLORS.map((color) => (
          <tr key={color} className="border-t border-line">
            <td className="py-1.5 font-semibold text-white">{t(`double.${color}`)}</td>
            <td className="py-1.5">{color === 'white' ? '0' : color === 'red' ? '1–7' : '8–14'}</td>
            <td className="py-1.5 text-right font-semibold text-white">{DOUBLE_MULTIPLIERS[color]}×</td>
          </tr>
        ))}
      </RulesTable>
    </RulesPanel>
  );
}

function HistoryChip({ roll, color }: { roll: number; color: DoubleColor }) {
  return (
    <li className={`flex size-8 shrink-0 items-center justify-center rounded-lg text-xs font-black ${DOUBLE_TILE_CLASS[color]}`}>
      {color === 'white' ? <DoubleMark className="size-4" /> : roll}
    </li>
  );
}

/** The round's bets by colour; the winning column lights up once the strip has stopped (`revealed`). */
function BetColumns({ state, revealed }: { state: DoubleState | null; revealed: boolean }) {
  const { t } = useTranslation('play');
  const bets = state?.bets ?? [];
  const ended = revealed;
  return (
    <div className="grid grid-cols-3 gap-2" data-testid="double-bets">
      {COLORS.map((color) => {
        const list = bets.filter((bet) => bet.color === color);
        const winner = ended && state?.color === color;
        return (
          <section
            key={color}
            className={`flex min-w-0 flex-col overflow-hidden rounded-xl border bg-surface/70 transition ${winner ? 'border-money' : ended ? 'border-line opacity-60' : 'border-line'}`}
          >
            <header className="flex flex-col gap-0.5 border-b border-line px-2 py-1.5">
              <span className="flex items-center gap-1.5">
                <span className={`size-3 shrink-0 rounded-sm ${DOUBLE_TILE_CLASS[color]}`} />
                <span className="truncate text-sm font-bold text-white tabular-nums">{formatMoney(state?.totals[color] ?? '0.00')}</span>
              </span>
              <span className="truncate text-[11px] font-semibold text-muted">{t('double.bets_n', { n: list.length })}</span>
            </header>
            <ul className="max-h-48 divide-y divide-line/50 overflow-y-auto text-xs md:max-h-[calc(100dvh-26rem)]">
              {list.slice(0, 50).map((bet, index) => (
                <li key={`${bet.player}-${index}`} className="flex justify-between gap-1 px-2 py-1">
                  <span className="truncate text-muted">{bet.player}</span>
                  <span className={`tabular-nums ${winner ? 'text-money' : 'text-white'}`}>
                    {formatMoney(winner && bet.win ? bet.win : bet.amount)}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

export default function DoubleGame({ onExit }: { onExit: () => void }) {
  const { t } = useTranslation('play');
  const loggedIn = useIsLoggedIn();
  const config = useHouseConfig('double');
  const { minCentavos, maxCentavos } = limitsOf(config.data);
  const [state, setState] = useState<DoubleState | null>(null);
  const [myBets, setMyBets] = useState<MyBet[]>([]);
  const [betCentavos, setBetCentavos] = useState(100);
  const [mode, setMode] = useState<'manual' | 'auto'>('manual');
  const [autoColor, setAutoColor] = useState<DoubleColor>('red');
  const [busyColor, setBusyColor] = useState<DoubleColor | null>(null);
  const [landedRound, setLandedRound] = useState<number | null>(null);
  const motion = useRef<StripMotion>({ mode: 'rest', roll: null });
  const countdownEl = useRef<HTMLSpanElement>(null);
  const progressEl = useRef<HTMLDivElement>(null);
  const timing = useRef({ leftMs: 0, totalMs: 0, receivedAt: 0 });
  const lang = currentLanguage();
  const rtp = config.data?.rtp ?? '93.33';
  const holdBalance = useBalanceHold();
  // The round is settled (and the balance pushed) while the strip still runs: the top bar keeps
  // the balance of before the result from the spin's start until the strip stops on the roll.
  const spinHold = useRef<{ roundId: number; hold: BalanceHold } | null>(null);
  const myBetsRef = useRef<MyBet[]>([]);
  myBetsRef.current = myBets;
  const endSpinHold = useCallback((payoutCentavos?: number) => {
    spinHold.current?.hold.release(payoutCentavos);
    spinHold.current = null;
  }, []);

  const onMessage = useCallback(
    (message: HouseServerMessage) => {
      if (message.type === 'double.state') {
        const next = message.data;
        setState((previous) => {
          if (next.phase === 'betting') {
            const left = Math.max(0, next.betting_ends_at - next.server_time);
            const sameRound = previous?.round_id === next.round_id && previous.phase === 'betting';
            timing.current = {
              leftMs: left,
              totalMs: sameRound ? Math.max(timing.current.totalMs, left) : left,
              receivedAt: performance.now(),
            };
          }
          return next;
        });
        if (next.phase === 'spinning') {
          motion.current = { mode: 'spin', roll: null };
          sound.play('spin');
          const mine = myBetsRef.current.some((bet) => bet.roundId === next.round_id) || (next.my_bets?.length ?? 0) > 0;
          if (mine && spinHold.current?.roundId !== next.round_id) {
            endSpinHold();
            spinHold.current = { roundId: next.round_id, hold: holdBalance(0) };
          }
        } else if (next.phase === 'ended' && next.roll !== null) {
          // A page opened after the wheel stopped shows the result at rest, without a spin.
          motion.current = motion.current.mode === 'spin' ? { mode: 'land', roll: next.roll } : { mode: 'rest', roll: next.roll };
          if (motion.current.mode === 'rest') {
            setLandedRound(next.round_id);
            endSpinHold();
          }
        } else if (next.phase === 'betting') {
          // A new round: whatever happened to the last strip, its hold is over.
          endSpinHold();
          if (motion.current.mode !== 'land') motion.current = { mode: 'rest', roll: next.history[0]?.roll ?? motion.current.roll };
        }
        if (next.my_bets) {
          setMyBets((list) => [
            ...list.filter((bet) => bet.roundId !== next.round_id),
            ...(next.my_bets ?? []).map((bet) => ({ roundId: next.round_id, color: bet.color, amountCentavos: centavosOf(bet.amount) })),
          ]);
        }
        return;
      }
      if (message.type === 'double.bets') {
        const { round_id: roundId, bets, totals } = message.data;
        setState((s) => (s && s.round_id === roundId ? { ...s, totals, bets: [...s.bets, ...bets].slice(0, MAX_BETS_SHOWN) } : s));
      }
    },
    [holdBalance, endSpinHold],
  );

  const { status: socketStatus } = useRoundSocket('double', onMessage);

  // Bets placed before a reload are read back from the HTTP state.
  useEffect(() => {
    if (!loggedIn) return;
    houseGet<DoubleState>(API.house.doubleState)
      .then((s) => {
        if (s.my_bets?.length) {
          setMyBets(s.my_bets.map((bet) => ({ roundId: s.round_id, color: bet.color, amountCentavos: centavosOf(bet.amount) })));
        }
      })
      .catch(() => undefined);
  }, [loggedIn]);

  // The countdown bar, written every frame.
  useEffect(() => {
    let frame = 0;
    const lang = currentLanguage();
    const loop = () => {
      const { leftMs, totalMs, receivedAt } = timing.current;
      const left = Math.max(0, leftMs - (performance.now() - receivedAt));
      if (countdownEl.current) countdownEl.current.textContent = formatScaledIn(Math.ceil(left / 100), 1, lang);
      if (progressEl.current) progressEl.current.style.transform = `scaleX(${totalMs > 0 ? left / totalMs : 0})`;
      frame = requestAnimationFrame(loop);
    };
    frame = requestAnimationFrame(loop);
    return () => cancelAnimationFrame(frame);
  }, []);

  const roundId = state?.round_id ?? null;
  const phase = state?.phase ?? null;
  const roundBets = myBets.filter((bet) => bet.roundId === roundId);
  const resultShown = isRevealed(state, landedRound);
  const history = visibleHistory(state, landedRound);

  const onLanded = useCallback(
    (roll: number) => {
      setLandedRound(roundId);
      const mine = myBets.filter((bet) => bet.roundId === roundId);
      endSpinHold(mine.reduce((sum, bet) => sum + doublePayout(bet.amountCentavos, bet.color, roll), 0));
      if (mine.length === 0) return;
      const won = mine.some((bet) => doublePayout(bet.amountCentavos, bet.color, roll) > 0);
      sound.play(won ? 'win' : 'lose');
    },
    [roundId, myBets, endSpinHold],
  );

  const placeBet = useCallback(async (color: DoubleColor, stake: number): Promise<boolean> => {
    if (!requireLogin()) return false;
    setBusyColor(color);
    try {
      const answer = await housePost<BetAnswer>(API.house.doubleBet, { amount: formatCentavos(stake), color });
      sound.play('bet');
      setMyBets((list) => [
        ...list.filter((bet) => bet.roundId >= answer.round_id - 5),
        { roundId: answer.round_id, color, amountCentavos: centavosOf(answer.amount) },
      ]);
      return true;
    } catch {
      return false;
    } finally {
      setBusyColor(null);
    }
  }, []);

  // ---- auto-bet: one bet per round on the chosen colour -------------------------------------
  const auto = useSharedRoundAutoBet(
    { phase, roundId },
    (stake, target) => placeBet(autoColor, stake).then((ok) => (ok ? target : null)),
    (bet) =>
      bet.roundId === roundId && resultShown && state?.roll !== null && state?.roll !== undefined
        ? { betCentavos: bet.stake, payoutCentavos: doublePayout(bet.stake, autoColor, state.roll) }
        : null,
    { betCentavos, onBetChange: setBetCentavos, minCentavos, maxCentavos },
  );

  const bettingOpen = phase === 'betting';
  const myTotal = (color: DoubleColor) => roundBets.filter((bet) => bet.color === color).reduce((sum, bet) => sum + bet.amountCentavos, 0);
  const myWin =
    resultShown && state?.roll !== null && state?.roll !== undefined
      ? roundBets.reduce((sum, bet) => sum + doublePayout(bet.amountCentavos, bet.color, state.roll as number), 0)
      : 0;

  const colorButtons = (
    <div className="grid grid-cols-3 gap-2">
      {COLORS.map((color) => {
        const mine = myTotal(color);
        const selected = mode === 'auto' && autoColor === color;
        return (
          <button
            key={color}
            type="button"
            disabled={mode === 'manual' ? !bettingOpen || busyColor !== null : auto.running}
            onClick={() => {
              if (mode === 'auto') {
                sound.play('click');
                setAutoColor(color);
              } else void placeBet(color, betCentavos);
            }}
            aria-pressed={mode === 'auto' ? selected : undefined}
            className={`relative flex h-16 flex-col items-center justify-center rounded-xl text-sm font-black shadow-lg transition hover:brightness-110 active:scale-[0.98] disabled:cursor-not-allowed disabled:opacity-50 ${DOUBLE_TILE_CLASS[color]} ${selected ? 'ring-2 ring-gold ring-offset-2 ring-offset-night' : ''}`}
            data-testid={`double-bet-${color}`}
          >
            <span>{DOUBLE_MULTIPLIERS[color]}×</span>
            <span className="text-[11px] font-semibold opacity-80">{mine > 0 ? formatBRL(mine, lang) : t(`double.${color}`)}</span>
            {busyColor === color ? <span className="absolute inset-0 animate-pulse rounded-xl bg-white/20" /> : null}
          </button>
        );
      })}
    </div>
  );

  const controls = (
    <div className="flex flex-col gap-3">
      <ModeTabs mode={mode} onChange={setMode} disabled={auto.running} />
      <BetAmountInput
        valueCentavos={betCentavos}
        onChange={setBetCentavos}
        minCentavos={minCentavos}
        maxCentavos={maxCentavos}
        disabled={auto.running}
      />
      {!loggedIn ? (
        <Button size="lg" block onClick={requireLogin} className="h-14">
          {t('common.login_to_bet')}
        </Button>
      ) : (
        <>
          <p className="text-xs font-semibold text-muted">
            {mode === 'auto' ? t('double.auto_color') : bettingOpen ? t('double.pick_color') : t('double.wait_next')}
          </p>
          {colorButtons}
          {mode === 'auto' ? <AutoBetPanel auto={auto} /> : null}
        </>
      )}
      {resultShown && roundBets.length > 0 ? (
        <p
          className={`rounded-xl px-3 py-2 text-center text-sm font-semibold ${myWin > 0 ? 'bg-money/10 text-money' : 'bg-danger/10 text-danger'}`}
          data-testid="double-result"
        >
          {myWin > 0 ? t('common.you_won', { amount: formatBRL(myWin, lang) }) : t('double.lost')}
        </p>
      ) : null}
      <RtpCaption rtp={rtp} />
      <div className="md:hidden">
        <BetColumns state={state} revealed={resultShown} />
      </div>
    </div>
  );

  return (
    <GameShell
      code="double"
      title={config.data?.name ?? 'Double'}
      onExit={onExit}
      controls={controls}
      paytable={<DoublePaytable rtp={rtp} />}
      fairness={<DoubleFairness state={state} history={history} />}
      showSeedPair={false}
    >
      <div className="flex flex-1 flex-col gap-3 p-3 md:p-4">
        <HistoryStrip items={history} testId="double-history">
          {(item) => <HistoryChip roll={item.roll} color={item.color} />}
        </HistoryStrip>
        <div className="flex flex-1 flex-col justify-center gap-4 rounded-2xl border border-line bg-[radial-gradient(ellipse_at_center,rgba(245,196,81,0.08),transparent_65%),linear-gradient(180deg,#121a30,#0b1122)] p-3 md:flex-none md:px-6 md:py-12">
          <div className="flex min-h-14 flex-col items-center justify-center gap-2 text-center" aria-live="polite">
            {phase === 'betting' ? (
              <Fragment key="betting">
                <span className="text-sm font-semibold text-soft">
                  {t('double.spins_in')} <span ref={countdownEl} className="font-black text-white tabular-nums" />s
                </span>
                <div className="h-1.5 w-48 overflow-hidden rounded-full bg-line">
                  <div ref={progressEl} className="h-full origin-left bg-gold" />
                </div>
              </Fragment>
            ) : phase === 'spinning' || (phase === 'ended' && !resultShown) ? (
              <span className="text-sm font-bold tracking-wide text-gold uppercase">{t('double.spinning')}</span>
            ) : phase === 'ended' && state?.color ? (
              <span className="text-lg font-black text-white" data-testid="double-outcome" data-color={state.color}>
                {t('double.result', { color: t(`double.${state.color}`), roll: state.roll })}
              </span>
            ) : (
              <span className="text-sm text-muted">{socketStatus === 'closed' ? t('crash.reconnecting') : t('common.waiting')}</span>
            )}
          </div>
          <DoubleStrip motion={motion} onLanded={onLanded} />
        </div>
        <div className="hidden md:block md:min-h-0 md:flex-1">
          <BetColumns state={state} revealed={resultShown} />
        </div>
      </div>
    </GameShell>
  );
}

function DoubleFairness({ state, history }: { state: DoubleState | null; history: DoubleState['history'] }) {
  const { t } = useTranslation('play');
  const last = history[0];
  return (
    <div className="flex flex-col gap-2 rounded-2xl border border-line bg-surface px-4 py-3 text-sm text-soft">
      <p>{t('double.fair_chain')}</p>
      {state ? (
        <>
          <span className="text-xs font-semibold text-muted">{t('crash.terminating_hash')}</span>
          <code className="font-mono text-xs break-all text-white">{state.terminating_hash}</code>
        </>
      ) : null}
      {last ? (
        <>
          <span className="text-xs font-semibold text-muted">{t('double.last_round_hash', { round: last.round_id, roll: last.roll })}</span>
          <code className="font-mono text-xs break-all text-white">{last.hash}</code>
        </>
      ) : null}
    </div>
  );
}
