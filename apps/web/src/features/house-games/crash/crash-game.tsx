import { CRASH_MAX_TARGET, CRASH_MIN_TARGET, crashPayout, crashSurvival } from '@casino/games/crash';
import { API } from '@casino/shared/api-paths';
import { formatBRL, formatCentavos, moneyStringToCentavos, parseReais } from '@casino/shared/money';
import type { CrashState, HouseServerMessage } from '@casino/shared/schemas/house-games';
import { Fragment, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useIsLoggedIn } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { AutoBetPanel, ModeTabs, useSharedRoundAutoBet } from '../common/auto-bet.tsx';
import { BetAmountInput, formatScaled, parseTypedAmount } from '../common/bet-amount.tsx';
import { formatRtp, GameShell, RtpCaption, RtpLine } from '../common/game-shell.tsx';
import { applyBalance, houseGet, housePost, limitsOf, requireLogin, useHouseConfig } from '../common/house-api.ts';
import { useRoundSocket } from '../common/round-socket.ts';
import { sound } from '../common/sound.ts';
import { CrashCanvas, type CrashView, formatHundredths } from './crash-canvas.tsx';
import { CrashFairness, CrashHistory, CrashPlayers } from './crash-panels.tsx';

type MyBet = {
  roundId: number;
  amountCentavos: number;
  autoCashout: number | null;
  /** Cash-out multiplier in hundredths, once cashed out. */
  cashout: number | null;
  winCentavos: number | null;
  status: 'open' | 'won' | 'lost' | 'refunded';
};

type CashoutResult = { round_id: number; multiplier: string; win: string; balance: string };
type BetAnswer = { round_id: number; amount: string; auto_cashout: string | null; balance: string };

const hundredths = (text: string | null | undefined): number | null => (text ? parseReais(text) : null);
const centavosOf = (text: string | null | undefined): number => (text ? (moneyStringToCentavos(text) ?? 0) : 0);
const MAX_BETS_SHOWN = 200;

function viewOf(state: CrashState, previous: CrashView): CrashView {
  const now = performance.now();
  if (state.phase === 'betting') {
    const left = Math.max(0, state.betting_ends_at - state.server_time);
    // The window's length: the largest "time left" seen in this round (its first state).
    const total = previous.phase === 'betting' ? Math.max(previous.bettingTotalMs, left) : left;
    return {
      ...previous,
      phase: 'betting',
      bettingLeftMs: left,
      bettingReceivedAt: now,
      bettingTotalMs: total,
      crashPoint: null,
      cashedAt: null,
    };
  }
  if (state.phase === 'running') {
    return {
      ...previous,
      phase: 'running',
      tickElapsedMs: Math.max(0, state.server_time - (state.started_at ?? state.server_time)),
      tickReceivedAt: now,
      crashPoint: null,
    };
  }
  return { ...previous, phase: 'busted', crashPoint: hundredths(state.crash_point ?? state.multiplier) ?? 100 };
}

function fromServerBet(roundId: number, bet: NonNullable<CrashState['my_bet']>): MyBet {
  return {
    roundId,
    amountCentavos: centavosOf(bet.amount),
    autoCashout: hundredths(bet.auto_cashout),
    cashout: hundredths(bet.cashout),
    winCentavos: bet.win === null ? null : centavosOf(bet.win),
    status: bet.status,
  };
}

function CrashPaytable({ rtp }: { rtp: string }) {
  const { t } = useTranslation('play');
  const targets = [150, 200, 500, 1000, 10000];
  return (
    <div className="flex flex-col gap-3">
      <RtpLine rtp={rtp} />
      <ul className="list-disc space-y-1.5 pl-5">
        <li>{t('crash.rule_bet')}</li>
        <li>{t('crash.rule_rise')}</li>
        <li>{t('crash.rule_cashout')}</li>
        <li>{t('crash.rule_auto')}</li>
        <li>{t('crash.rule_disconnect')}</li>
      </ul>
      <table className="w-full text-left text-sm">
        <thead className="text-xs text-muted">
          <tr>
            <th className="py-1.5 font-semibold">{t('crash.target')}</th>
            <th className="py-1.5 font-semibold">{t('crash.chance')}</th>
            <th className="py-1.5 text-right font-semibold">{t('crash.return')}</th>
          </tr>
        </thead>
        <tbody className="tabular-nums">
          {targets.map((target) => {
            const chance = crashSurvival(target);
            return (
              <tr key={target} className="border-t border-line">
                <td className="py-1.5 font-semibold text-white">{formatHundredths(target, currentLanguage())}</td>
                <td className="py-1.5">{formatScaled(Math.floor(chance * 100 * 10 ** (chance < 0.01 ? 3 : 2)), chance < 0.01 ? 3 : 2)}%</td>
                <td className="py-1.5 text-right">{formatRtp(rtp)}%</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export default function CrashGame({ onExit }: { onExit: () => void }) {
  const { t } = useTranslation('play');
  const loggedIn = useIsLoggedIn();
  const config = useHouseConfig('crash');
  const { minCentavos, maxCentavos } = limitsOf(config.data);
  const [state, setState] = useState<CrashState | null>(null);
  const [myBet, setMyBet] = useState<MyBet | null>(null);
  const [betCentavos, setBetCentavos] = useState(100);
  const [autoOn, setAutoOn] = useState(false);
  const [autoText, setAutoText] = useState(() => formatScaled(200, 2));
  const [mode, setMode] = useState<'manual' | 'auto'>('manual');
  const [queued, setQueued] = useState(false);
  const [busy, setBusy] = useState(false);

  const view = useRef<CrashView>({
    phase: 'idle',
    tickElapsedMs: 0,
    tickReceivedAt: 0,
    crashPoint: null,
    bettingLeftMs: 0,
    bettingReceivedAt: 0,
    bettingTotalMs: 0,
    cashedAt: null,
  });
  const multiplierEl = useRef<HTMLSpanElement>(null);
  const countdownEl = useRef<HTMLSpanElement>(null);
  const progressEl = useRef<HTMLDivElement>(null);
  const cashoutLabel = useRef<HTMLSpanElement>(null);
  const myBetRef = useRef(myBet);
  myBetRef.current = myBet;

  const autoTarget = autoOn ? parseTypedAmount(autoText) : null;
  const autoValid = !autoOn || (autoTarget !== null && autoTarget >= CRASH_MIN_TARGET && autoTarget <= CRASH_MAX_TARGET);

  /** Settles the player's bet locally when the round ends (the server already did). */
  const settleAtBust = useCallback((roundId: number, crashPoint: number) => {
    setMyBet((bet) => {
      if (!bet || bet.roundId !== roundId || bet.status !== 'open') return bet;
      if (bet.autoCashout !== null && crashPoint >= bet.autoCashout) {
        sound.play('cashout');
        return { ...bet, status: 'won', cashout: bet.autoCashout, winCentavos: crashPayout(bet.amountCentavos, bet.autoCashout) };
      }
      sound.play('lose');
      return { ...bet, status: 'lost', winCentavos: 0 };
    });
  }, []);

  const onMessage = useCallback(
    (message: HouseServerMessage) => {
      if (message.type === 'crash.state') {
        const next = message.data;
        view.current = viewOf(next, view.current);
        setState(next);
        if (next.my_bet) setMyBet(fromServerBet(next.round_id, next.my_bet));
        if (next.phase === 'busted') {
          sound.play('bust');
          settleAtBust(next.round_id, hundredths(next.crash_point) ?? 100);
        }
        return;
      }
      if (message.type === 'crash.tick') {
        const tick = message.data;
        view.current = { ...view.current, phase: 'running', tickElapsedMs: tick.elapsed_ms, tickReceivedAt: performance.now() };
        setState((s) => (s && s.round_id === tick.round_id && s.phase !== 'running' ? { ...s, phase: 'running' } : s));
        // The server cashes an auto target out the moment a tick reaches it.
        const bet = myBetRef.current;
        const reached = hundredths(tick.multiplier) ?? 100;
        if (bet && bet.roundId === tick.round_id && bet.status === 'open' && bet.autoCashout !== null && reached >= bet.autoCashout) {
          sound.play('cashout');
          setMyBet({ ...bet, status: 'won', cashout: bet.autoCashout, winCentavos: crashPayout(bet.amountCentavos, bet.autoCashout) });
        }
        return;
      }
      if (message.type === 'crash.bets') {
        const { round_id: roundId, bets } = message.data;
        setState((s) => (s && s.round_id === roundId ? { ...s, bets: [...s.bets, ...bets].slice(0, MAX_BETS_SHOWN) } : s));
        return;
      }
      if (message.type === 'crash.cashouts') {
        const { round_id: roundId, cashouts } = message.data;
        setState((s) => {
          if (!s || s.round_id !== roundId) return s;
          const bets = [...s.bets];
          for (const cash of cashouts) {
            const index = bets.findIndex((b) => b.player === cash.player && b.cashout === null);
            if (index >= 0) bets[index] = { ...bets[index]!, cashout: cash.multiplier, win: cash.win };
          }
          return { ...s, bets };
        });
      }
    },
    [settleAtBust],
  );

  const { status: socketStatus, send } = useRoundSocket('crash', onMessage);

  // A bet left open by a closed tab or a lost connection comes back with the HTTP state.
  useEffect(() => {
    if (!loggedIn) return;
    houseGet<CrashState>(API.house.crashState)
      .then((s) => {
        if (s.my_bet) setMyBet(fromServerBet(s.round_id, s.my_bet));
      })
      .catch(() => undefined);
  }, [loggedIn]);

  const roundId = state?.round_id ?? null;
  const phase = state?.phase ?? null;
  const currentBet = myBet && myBet.roundId === roundId ? myBet : null;
  view.current.cashedAt = currentBet?.cashout ?? null;

  const placeBet = useCallback(
    async (stake: number): Promise<MyBet | null> => {
      if (!requireLogin()) return null;
      setBusy(true);
      try {
        const answer = await housePost<BetAnswer>(API.house.crashBet, {
          amount: formatCentavos(stake),
          // Hundredths written like centavos: 235 -> "2.35", the exact form the API reads.
          auto_cashout: autoOn && autoTarget !== null ? formatCentavos(autoTarget) : null,
        });
        sound.play('bet');
        const placed: MyBet = {
          roundId: answer.round_id,
          amountCentavos: centavosOf(answer.amount),
          autoCashout: hundredths(answer.auto_cashout),
          cashout: null,
          winCentavos: null,
          status: 'open',
        };
        setMyBet(placed);
        return placed;
      } catch {
        return null;
      } finally {
        setBusy(false);
      }
    },
    [autoOn, autoTarget],
  );

  const cashOut = async () => {
    if (!currentBet) return;
    setBusy(true);
    try {
      let result: CashoutResult | null = null;
      const reply = await send({ type: 'cashout' });
      if (reply.ok) result = reply.result as CashoutResult;
      else if (reply.error_code === 'DISCONNECTED')
        result = await housePost<CashoutResult>(API.house.crashCashout, { round_id: currentBet.roundId });
      else if (reply.message) toast.error(reply.message);
      if (result) {
        applyBalance(result.balance);
        sound.play('cashout');
        setMyBet((bet) =>
          bet && bet.roundId === result.round_id
            ? { ...bet, status: 'won', cashout: hundredths(result.multiplier), winCentavos: centavosOf(result.win) }
            : bet,
        );
      }
    } catch {
      // housePost showed the server's message.
    } finally {
      setBusy(false);
    }
  };

  // A bet asked for while the round runs waits for the next betting window.
  useEffect(() => {
    if (queued && phase === 'betting') {
      setQueued(false);
      void placeBet(betCentavos);
    }
  }, [queued, phase, placeBet, betCentavos]);

  // ---- auto-bet: one bet per round, resolved when the round ends --------------------------
  const auto = useSharedRoundAutoBet(
    { phase, roundId },
    (stake) => placeBet(stake).then((placed) => placed?.roundId ?? null),
    (bet) =>
      myBet && myBet.roundId === bet.roundId && myBet.status !== 'open'
        ? { betCentavos: myBet.amountCentavos, payoutCentavos: myBet.winCentavos ?? 0 }
        : null,
    { betCentavos, onBetChange: setBetCentavos, minCentavos, maxCentavos },
  );

  const onFrame = useCallback((shown: number) => {
    const bet = myBetRef.current;
    if (cashoutLabel.current && bet && bet.status === 'open') {
      cashoutLabel.current.textContent = formatBRL(crashPayout(bet.amountCentavos, shown), currentLanguage());
    }
  }, []);

  // ---- the main button ----------------------------------------------------------------------
  const canCashOut = phase === 'running' && currentBet?.status === 'open';
  let action: React.ReactNode;
  if (!loggedIn) {
    action = (
      <Button size="lg" block onClick={requireLogin}>
        {t('common.login_to_bet')}
      </Button>
    );
  } else if (canCashOut) {
    action = (
      <Button variant="gold" size="lg" block loading={busy} onClick={cashOut} data-testid="crash-cashout" className="h-14 flex-col gap-0">
        <span className="text-base">{t('crash.cash_out')}</span>
        <span ref={cashoutLabel} className="text-xs font-bold tabular-nums" />
      </Button>
    );
  } else if (currentBet?.status === 'open') {
    action = (
      <Button variant="ghost" size="lg" block disabled className="h-14">
        {t('crash.bet_placed')}
      </Button>
    );
  } else if (queued) {
    action = (
      <Button variant="danger" size="lg" block onClick={() => setQueued(false)} className="h-14" data-testid="crash-cancel-queue">
        {t('crash.cancel_next')}
      </Button>
    );
  } else {
    action = (
      <Button
        variant="money"
        size="lg"
        block
        loading={busy}
        disabled={!autoValid || state === null}
        className="h-14 flex-col gap-0"
        data-testid="crash-bet"
        onClick={() => {
          if (phase === 'betting') void placeBet(betCentavos);
          else setQueued(true);
        }}
      >
        <span className="text-base">{t('common.bet')}</span>
        {phase !== 'betting' && state ? <span className="text-xs font-semibold opacity-80">{t('crash.next_round')}</span> : null}
      </Button>
    );
  }

  const lastResult = myBet && myBet.status !== 'open' ? myBet : null;
  const rtp = config.data?.rtp ?? '97.00';
  const controls = (
    <div className="flex flex-col gap-3">
      <ModeTabs mode={mode} onChange={setMode} disabled={auto.running} />
      <BetAmountInput
        valueCentavos={betCentavos}
        onChange={setBetCentavos}
        minCentavos={minCentavos}
        maxCentavos={maxCentavos}
        disabled={auto.running || currentBet?.status === 'open'}
      />
      <div className="flex flex-col gap-1.5">
        <label className="flex items-center justify-between text-xs font-semibold text-muted">
          <span>{t('crash.auto_cashout')}</span>
          <input
            type="checkbox"
            role="switch"
            aria-checked={autoOn}
            checked={autoOn}
            disabled={auto.running}
            onChange={(event) => setAutoOn(event.target.checked)}
            className="h-5 w-9 cursor-pointer appearance-none rounded-full bg-line transition before:block before:size-4 before:translate-x-0.5 before:rounded-full before:bg-white before:transition checked:bg-money checked:before:translate-x-[18px]"
            data-testid="crash-auto-toggle"
          />
        </label>
        <div
          className={`flex h-10 items-center rounded-xl border bg-ink/60 px-3 ${autoValid ? 'border-line' : 'border-danger'} ${autoOn ? '' : 'opacity-50'}`}
        >
          <input
            inputMode="decimal"
            aria-label={t('crash.auto_cashout')}
            className="min-w-0 flex-1 bg-transparent text-sm font-bold text-white tabular-nums outline-none"
            value={autoText}
            disabled={!autoOn || auto.running}
            onChange={(event) => setAutoText(event.target.value)}
            data-testid="crash-auto-value"
          />
          <span className="text-sm text-muted">×</span>
        </div>
        {!autoValid ? <span className="text-xs text-danger">{t('crash.auto_rule')}</span> : null}
      </div>
      {mode === 'manual' || canCashOut ? action : null}
      {mode === 'auto' ? <AutoBetPanel auto={auto} disabled={!loggedIn || !autoValid} /> : null}
      {lastResult ? (
        <p
          className={`rounded-xl px-3 py-2 text-center text-sm font-semibold ${lastResult.status === 'won' ? 'bg-money/10 text-money' : 'bg-danger/10 text-danger'}`}
          data-testid="crash-result"
        >
          {lastResult.status === 'won' && lastResult.cashout !== null
            ? t('crash.won_at', {
                multiplier: formatHundredths(lastResult.cashout, currentLanguage()),
                amount: formatBRL(lastResult.winCentavos ?? 0, currentLanguage()),
              })
            : lastResult.status === 'refunded'
              ? t('crash.refunded')
              : t('crash.lost', { amount: formatBRL(lastResult.amountCentavos, currentLanguage()) })}
        </p>
      ) : null}
      <RtpCaption rtp={rtp} />
      <div className="md:hidden">
        <CrashPlayers bets={state?.bets ?? []} />
      </div>
    </div>
  );

  return (
    <GameShell
      code="crash"
      title={config.data?.name ?? 'Crash'}
      onExit={onExit}
      controls={controls}
      paytable={<CrashPaytable rtp={rtp} />}
      fairness={<CrashFairness state={state} />}
      showSeedPair={false}
    >
      <div className="flex flex-1 flex-col gap-3 p-3 md:p-4">
        <CrashHistory history={state?.history ?? []} />
        <div className="relative min-h-[250px] flex-1 overflow-hidden rounded-2xl border border-line bg-[radial-gradient(ellipse_at_bottom_left,rgba(245,196,81,0.10),transparent_60%),linear-gradient(180deg,#121a30,#0b1122)]">
          <CrashCanvas view={view} multiplierEl={multiplierEl} countdownEl={countdownEl} progressEl={progressEl} onFrame={onFrame} />
          <div className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center gap-2 text-center">
            {phase === 'betting' ? (
              <Fragment key="betting">
                <span className="text-sm font-semibold tracking-wide text-soft uppercase">{t('crash.next_round_in')}</span>
                <span className="text-5xl font-black text-white tabular-nums" data-testid="crash-countdown">
                  <span ref={countdownEl} />s
                </span>
                <div className="h-1.5 w-40 overflow-hidden rounded-full bg-line">
                  <div ref={progressEl} className="h-full origin-left bg-gold" />
                </div>
              </Fragment>
            ) : phase === 'running' || phase === 'busted' ? (
              <Fragment key="flight">
                {phase === 'busted' ? (
                  <span className="text-sm font-bold tracking-wide text-danger uppercase">{t('crash.busted')}</span>
                ) : null}
                <span
                  ref={multiplierEl}
                  className={`text-6xl font-black tabular-nums drop-shadow-[0_4px_18px_rgba(0,0,0,0.6)] md:text-7xl ${phase === 'busted' ? 'text-danger' : 'text-white'}`}
                  data-testid="crash-multiplier"
                />
              </Fragment>
            ) : (
              <span className="text-sm text-muted" data-testid="crash-connecting">
                {socketStatus === 'closed' ? t('crash.reconnecting') : t('common.waiting')}
              </span>
            )}
          </div>
        </div>
        <div className="hidden md:block">
          <CrashPlayers bets={state?.bets ?? []} />
        </div>
      </div>
    </GameShell>
  );
}
