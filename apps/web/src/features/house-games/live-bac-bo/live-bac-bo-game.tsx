import { BACBO_TIE_PAYS, bacboPayout, outcomeOf } from '@casino/games/bacbo';
import { Die } from '../../../components/die.tsx';
import { API } from '@casino/shared/player-api-paths';
import { formatBRL, formatCentavos, moneyStringToCentavos } from '@casino/shared/money';
import type { HouseServerMessage } from '@casino/shared/schemas/house-games';
import type { LiveBacboPlayerBet, LiveBacboSide, LiveBacboState } from '@casino/shared/schemas/house-live-tables';
import { useCallback, useEffect, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useIsLoggedIn } from '../../../lib/session.ts';
import { useTranslation } from '../../../lib/translation.ts';
import { BetAmountInput } from '../common/bet-amount.tsx';
import { GameShell, RtpCaption } from '../common/game-shell.tsx';
import { houseGet, housePost, limitsOf, requireLogin, useHouseConfig } from '../common/house-api.ts';
import { RulesPanel, RulesTable } from '../common/rules-panel.tsx';
import { useRoundSocket } from '../common/round-socket.ts';
import { sound } from '../common/sound.ts';
import { LiveFairness } from '../live-roulette/live-roulette-game.tsx';
import { Countdown, LiveBetsList, RngBadge } from '../live-roulette/live-table-parts.tsx';
import { HistoryStrip } from '../common/history-strip.tsx';

const CODE = 'live-bac-bo';
const SIDES: LiveBacboSide[] = ['player', 'tie', 'banker'];
const MAX_BETS_SHOWN = 200;
const SIDE_CLASS: Record<LiveBacboSide, string> = {
  player: 'bg-[#1d4ed8] text-white',
  banker: 'bg-[#b91c1c] text-white',
  tie: 'bg-[#a16207] text-white',
};
const LETTER: Record<LiveBacboSide, string> = { player: 'P', banker: 'B', tie: 'T' };
const centavosOf = (text: string | null | undefined) => (text ? (moneyStringToCentavos(text) ?? 0) : 0);

function LiveBacboRules({ rtp }: { rtp: string }) {
  const { t } = useTranslation('play');
  return (
    <RulesPanel rtp={rtp} rules={[t('live.rng_rule'), t('live.bacbo_rule_dice'), t('live.bacbo_rule_pay'), t('live.rule_disconnect')]}>
      <RulesTable head={[{ label: t('live.tie_total') }, { label: t('live.pays'), end: true }]}>
        {Object.entries(BACBO_TIE_PAYS).map(([total, pays]) => (
          <tr key={total} className="border-t border-line">
            <td className="py-1.5 font-semibold text-white">{total}</td>
            <td className="py-1.5 text-right font-semibold text-white">{pays}:1</td>
          </tr>
        ))}
      </RulesTable>
    </RulesPanel>
  );
}

function BetsList({ bets }: { bets: LiveBacboPlayerBet[] }) {
  const { t } = useTranslation('play');
  return (
    <LiveBetsList
      bets={bets}
      keyOf={(bet) => bet.side}
      choice={(bet) => (
        <span className={`rounded px-1.5 text-[10px] font-black ${SIDE_CLASS[bet.side]}`}>{t(`live.side.${bet.side}`)}</span>
      )}
    />
  );
}

export default function LiveBacboGame({ onExit }: { onExit: () => void }) {
  const { t } = useTranslation('play');
  const lang = currentLanguage();
  const loggedIn = useIsLoggedIn();
  const config = useHouseConfig(CODE);
  const { minCentavos, maxCentavos } = limitsOf(config.data);
  const rtp = config.data?.rtp ?? '98.87';
  const [state, setState] = useState<LiveBacboState | null>(null);
  const [betCentavos, setBetCentavos] = useState(100);
  const [busy, setBusy] = useState<LiveBacboSide | null>(null);
  const [mine, setMine] = useState<{ roundId: number; stakes: Partial<Record<LiveBacboSide, number>> }>({ roundId: 0, stakes: {} });
  const [settled, setSettled] = useState(false);

  const onMessage = useCallback((raw: HouseServerMessage) => {
    const message = raw as unknown as { type: string; data: unknown };
    if (message.type === 'live-bacbo.state') {
      const next = message.data as LiveBacboState;
      setState(next);
      if (next.phase === 'rolling') {
        sound.play('spin');
        setSettled(false);
        window.setTimeout(() => setSettled(true), Math.max(600, (next.roll_ends_at ?? next.server_time) - next.server_time));
      } else setSettled(next.phase === 'ended');
      if (next.my_bets) {
        setMine({ roundId: next.round_id, stakes: Object.fromEntries(next.my_bets.map((b) => [b.side, centavosOf(b.amount)])) });
      }
      return;
    }
    if (message.type === 'live-bacbo.bets') {
      const data = message.data as { round_id: number; bets: LiveBacboPlayerBet[]; totals: LiveBacboState['totals'] };
      setState((s) =>
        s && s.round_id === data.round_id ? { ...s, totals: data.totals, bets: [...s.bets, ...data.bets].slice(0, MAX_BETS_SHOWN) } : s,
      );
    }
  }, []);
  useRoundSocket('live-bacbo', onMessage);

  useEffect(() => {
    if (!loggedIn) return;
    houseGet<LiveBacboState>(API.house.liveBacboState)
      .then((s) => {
        if (s.my_bets?.length)
          setMine({ roundId: s.round_id, stakes: Object.fromEntries(s.my_bets.map((b) => [b.side, centavosOf(b.amount)])) });
      })
      .catch(() => undefined);
  }, [loggedIn]);

  const phase = state?.phase ?? null;
  const bettingOpen = phase === 'betting';
  const stakes = mine.roundId === state?.round_id ? mine.stakes : {};
  const shown = settled && state?.dice && state.dice.length === 4 ? state.dice : null;
  const rolling = phase === 'rolling' && !settled;

  const bet = async (side: LiveBacboSide) => {
    if (!requireLogin()) return;
    setBusy(side);
    try {
      const answer = await housePost<{ round_id: number; side: LiveBacboSide; amount: string }>(API.house.liveBacboBet, {
        amount: formatCentavos(betCentavos),
        side,
      });
      sound.play('bet');
      setMine((m) => ({
        roundId: answer.round_id,
        stakes: { ...(m.roundId === answer.round_id ? m.stakes : {}), [side]: centavosOf(answer.amount) },
      }));
    } catch {
      // housePost has shown the translated refusal.
    } finally {
      setBusy(null);
    }
  };

  const myWin = shown
    ? (Object.entries(stakes) as [LiveBacboSide, number][]).reduce(
        (sum, [side, amount]) =>
          sum + bacboPayout(side, amount, outcomeOf([shown[0] as number, shown[1] as number], [shown[2] as number, shown[3] as number])),
        0,
      )
    : 0;
  const history = (state?.history ?? []).filter((h) => shown || h.round_id !== state?.round_id);
  const hasStakes = Object.keys(stakes).length > 0;

  const controls = (
    <div className="flex flex-col gap-3">
      <RngBadge />
      <BetAmountInput valueCentavos={betCentavos} onChange={setBetCentavos} minCentavos={minCentavos} maxCentavos={maxCentavos} />
      {!loggedIn ? (
        <Button size="lg" block onClick={requireLogin} className="h-14">
          {t('common.login_to_bet')}
        </Button>
      ) : (
        <>
          <p className="text-xs font-semibold text-muted">{bettingOpen ? t('live.pick_side') : t('live.wait_next')}</p>
          <div className="grid grid-cols-3 gap-2">
            {SIDES.map((side) => (
              <button
                key={side}
                type="button"
                disabled={!bettingOpen || busy !== null || stakes[side] !== undefined}
                onClick={() => void bet(side)}
                className={`relative flex h-20 flex-col items-center justify-center rounded-xl text-sm font-black shadow-lg transition hover:brightness-110 active:scale-[0.98] disabled:cursor-not-allowed disabled:opacity-60 ${SIDE_CLASS[side]}`}
                data-testid={`live-bacbo-bet-${side}`}
              >
                <span>{t(`live.side.${side}`)}</span>
                <span className="text-[11px] font-semibold opacity-90">{side === 'tie' ? t('live.tie_pays') : '1:1'}</span>
                <span className="text-[11px] font-semibold opacity-90 tabular-nums">
                  {stakes[side] !== undefined ? formatBRL(stakes[side] as number, lang) : formatMoney(state?.totals[side] ?? '0.00')}
                </span>
              </button>
            ))}
          </div>
        </>
      )}
      {shown && hasStakes ? (
        <p
          className={`rounded-xl px-3 py-2 text-center text-sm font-semibold ${myWin > 0 ? 'bg-money/10 text-money' : 'bg-danger/10 text-danger'}`}
          data-testid="live-bacbo-result"
        >
          {myWin > 0 ? t('common.you_won', { amount: formatBRL(myWin, lang) }) : t('live.lost')}
        </p>
      ) : null}
      <RtpCaption rtp={rtp} />
      <BetsList bets={state?.bets ?? []} />
    </div>
  );

  const pair = (side: 'player' | 'banker') => {
    const offset = side === 'player' ? 0 : 2;
    const total = shown ? (shown[offset] as number) + (shown[offset + 1] as number) : null;
    const winner = shown && state?.winner === side;
    return (
      <div
        className={`flex flex-1 flex-col items-center gap-2 rounded-2xl border p-3 ${winner ? 'border-money bg-money/10' : 'border-line bg-night/40'}`}
      >
        <span className={`rounded-full px-3 py-0.5 text-xs font-black ${SIDE_CLASS[side]}`}>{t(`live.side.${side}`)}</span>
        <div className="flex gap-2">
          <Die value={shown ? (shown[offset] as number) : null} colour={side} rolling={rolling} />
          <Die value={shown ? (shown[offset + 1] as number) : null} colour={side} rolling={rolling} />
        </div>
        <span className="text-2xl font-black text-white tabular-nums" data-testid={`live-bacbo-total-${side}`}>
          {total ?? '–'}
        </span>
      </div>
    );
  };

  return (
    <GameShell
      code={CODE}
      title={config.data?.name ?? t('live.bacbo_title')}
      onExit={onExit}
      controls={controls}
      paytable={<LiveBacboRules rtp={rtp} />}
      fairness={<LiveFairness terminatingHash={state?.terminating_hash} last={history[0]} />}
      showSeedPair={false}
    >
      <div className="flex flex-1 flex-col gap-3 p-3 md:p-4">
        <HistoryStrip items={history} testId="live-history">
          {(item) => (
            <li
              title={`${item.player_total}–${item.banker_total}`}
              className={`flex size-8 shrink-0 items-center justify-center rounded-full text-xs font-black ${SIDE_CLASS[item.winner]}`}
            >
              {LETTER[item.winner]}
            </li>
          )}
        </HistoryStrip>
        <div className="flex flex-col gap-3 rounded-2xl border border-line bg-[radial-gradient(ellipse_at_center,#137a3f,#0b4f29)] p-3">
          <div className="flex min-h-12 items-center justify-center text-center" aria-live="polite">
            {state && phase === 'betting' ? (
              <Countdown endsAt={state.betting_ends_at} serverTime={state.server_time} label={t('live.rolls_in')} />
            ) : shown && state?.winner ? (
              <span className="text-lg font-black text-white" data-testid="live-bacbo-outcome">
                {t(`live.winner.${state.winner}`)}
              </span>
            ) : rolling ? (
              <span className="text-sm font-bold tracking-wide text-gold uppercase">{t('live.rolling')}</span>
            ) : (
              <span className="text-sm text-muted">{t('common.waiting')}</span>
            )}
          </div>
          <div className="flex gap-3">
            {pair('player')}
            {pair('banker')}
          </div>
        </div>
      </div>
    </GameShell>
  );
}
