import { CRASH_MAX_TARGET, CRASH_MIN_TARGET, crashPayout } from '@casino/games/crash';
import { API } from '@casino/shared/player-api-paths';
import { formatBRL, formatCentavos, moneyStringToCentavos, parseReais } from '@casino/shared/money';
import type { CrashState, HouseServerMessage } from '@casino/shared/schemas/house-games';
import { useCallback, useEffect, useRef, useState } from 'react';
import { currentLanguage } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { useSharedRoundAutoBet } from '../common/auto-bet.tsx';
import { formatScaled, parseTypedAmount } from '../common/bet-amount.tsx';
import { applyBalance, houseGet, housePost, requireLogin } from '../common/house-api.ts';
import { useRoundSocket } from '../common/round-socket.ts';
import { sound } from '../common/sound.ts';
import type { CrashView } from './crash-canvas.tsx';

export type MyBet = {
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

/**
 * A crash round as the screen follows it: the round's state from the socket (ticks, bets,
 * cash-outs), the player's bet (placed, queued for the next window, cashed out, settled at the
 * bust), the auto cash-out target and the auto bet. The screen only renders what this returns.
 */
export function useCrashRound({ loggedIn, minCentavos, maxCentavos }: { loggedIn: boolean; minCentavos: number; maxCentavos: number }) {
  const [state, setState] = useState<CrashState | null>(null);
  const [myBet, setMyBet] = useState<MyBet | null>(null);
  const [betCentavos, setBetCentavos] = useState(100);
  const [autoOn, setAutoOn] = useState(false);
  const [autoText, setAutoText] = useState(() => formatScaled(200, 2));
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

  return {
    state,
    phase,
    socketStatus,
    view,
    myBet,
    currentBet,
    betCentavos,
    setBetCentavos,
    autoOn,
    setAutoOn,
    autoText,
    setAutoText,
    autoValid,
    queued,
    setQueued,
    busy,
    placeBet,
    cashOut,
    auto,
    cashoutLabel,
    onFrame,
  };
}
