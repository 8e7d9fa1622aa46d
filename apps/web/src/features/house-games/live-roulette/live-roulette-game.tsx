import { betOfSpot, spotReturn } from '@casino/games/live-tables';
import { ROULETTE_CHIPS_CENTAVOS, ROULETTE_PAYOUTS, rouletteBetKey, rouletteColor } from '@casino/games/roulette';
import { API } from '@casino/shared/player-api-paths';
import { formatBRL, formatCentavos, moneyStringToCentavos } from '@casino/shared/money';
import type { HouseServerMessage } from '@casino/shared/schemas/house-games';
import type { LiveRoulettePlayerBet, LiveRouletteState } from '@casino/shared/schemas/house-live-tables';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useIsLoggedIn } from '../../../lib/session.ts';
import { useTranslation } from '../../../lib/translation.ts';
import { GameShell, RtpCaption } from '../common/game-shell.tsx';
import { houseGet, housePost, requireLogin, useHouseConfig } from '../common/house-api.ts';
import { RulesPanel, RulesTable } from '../common/rules-panel.tsx';
import { useRoundSocket } from '../common/round-socket.ts';
import { sound } from '../common/sound.ts';
import { Chip, chipColour, chipLabel } from '../roulette/chip.tsx';
import { SPOT_BY_KEY, type Spot } from '../roulette/roulette-layout.ts';
import { RouletteTable, useSpotName } from '../roulette/roulette-table.tsx';
import { RouletteWheel, type RouletteWheelHandle } from '../roulette/roulette-wheel.tsx';
import { Countdown, LiveBetsList, RngBadge } from './live-table-parts.tsx';
import { HistoryStrip } from '../common/history-strip.tsx';

const CODE = 'live-roulette';
const MAX_BETS_SHOWN = 200;
const TILE = {
  green: 'bg-[#16a34a] text-white',
  red: 'bg-[#dc2626] text-white',
  black: 'bg-[#111827] text-white border border-line',
} as const;
const centavosOf = (text: string | null | undefined) => (text ? (moneyStringToCentavos(text) ?? 0) : 0);

/** The table's spot of a stored live spot ("corner:1" is the corner 1-2-4-5). */
function tableSpot(spot: string): Spot | undefined {
  return SPOT_BY_KEY.get(rouletteBetKey(betOfSpot(spot)));
}

function LiveRouletteRules({ rtp }: { rtp: string }) {
  const { t } = useTranslation('play');
  return (
    <RulesPanel
      rtp={rtp}
      rules={[t('live.rng_rule'), t('live.roulette_rule_window'), t('live.roulette_rule_pay'), t('live.rule_disconnect')]}
    >
      <RulesTable head={[{ label: t('live.bet') }, { label: t('live.pays'), end: true }]}>
        {Object.entries(ROULETTE_PAYOUTS).map(([type, pays]) => (
          <tr key={type} className="border-t border-line">
            <td className="py-1.5 font-semibold text-white">{t(`live.type.${type}`)}</td>
            <td className="py-1.5 text-right font-semibold text-white">{pays}:1</td>
          </tr>
        ))}
      </RulesTable>
    </RulesPanel>
  );
}

/** The live list of the round's bets (masked players). */
function BetsList({ bets }: { bets: LiveRoulettePlayerBet[] }) {
  const spotName = useSpotName();
  return (
    <LiveBetsList
      bets={bets}
      keyOf={(bet) => bet.spot}
      choice={(bet) => {
        const spot = tableSpot(bet.spot);
        return <span className="min-w-0 flex-1 truncate text-soft">{spot ? spotName(spot) : bet.spot}</span>;
      }}
    />
  );
}

export default function LiveRouletteGame({ onExit }: { onExit: () => void }) {
  const { t } = useTranslation('play');
  const lang = currentLanguage();
  const loggedIn = useIsLoggedIn();
  const config = useHouseConfig(CODE);
  const rtp = config.data?.rtp ?? '97.30';
  const [state, setState] = useState<LiveRouletteState | null>(null);
  const [chip, setChip] = useState<number>(100);
  const [pending, setPending] = useState<Map<string, number>>(new Map());
  const [placed, setPlaced] = useState<{ roundId: number; spots: Map<string, number> }>({ roundId: 0, spots: new Map() });
  const [busy, setBusy] = useState(false);
  const [shownNumber, setShownNumber] = useState<number | null>(null);
  const wheel = useRef<RouletteWheelHandle>(null);
  const spunRound = useRef<number | null>(null);

  const onMessage = useCallback((raw: HouseServerMessage) => {
    const message = raw as unknown as { type: string; data: unknown };
    if (message.type === 'live-roulette.state') {
      const next = message.data as LiveRouletteState;
      setState(next);
      if (next.phase === 'betting') setShownNumber(null);
      if (next.phase === 'spinning' && next.number !== null && spunRound.current !== next.round_id) {
        spunRound.current = next.round_id;
        sound.play('spin');
        const duration = Math.max(800, (next.spin_ends_at ?? next.server_time) - next.server_time);
        const target = next.number;
        void wheel.current?.spin(target, duration).then(() => setShownNumber(target));
      } else if (next.phase === 'ended' && next.number !== null && spunRound.current !== next.round_id) {
        setShownNumber(next.number);
      }
      if (next.my_bets) {
        setPlaced({ roundId: next.round_id, spots: new Map(next.my_bets.map((b) => [b.spot, centavosOf(b.amount)])) });
      }
      return;
    }
    if (message.type === 'live-roulette.bets') {
      const data = message.data as { round_id: number; bets: LiveRoulettePlayerBet[]; total: string; players: number };
      setState((s) =>
        s && s.round_id === data.round_id
          ? { ...s, total: data.total, players: data.players, bets: [...s.bets, ...data.bets].slice(0, MAX_BETS_SHOWN) }
          : s,
      );
    }
  }, []);
  useRoundSocket('live-roulette', onMessage);

  useEffect(() => {
    if (!loggedIn) return;
    houseGet<LiveRouletteState>(API.house.liveRouletteState)
      .then((s) => {
        if (s.my_bets?.length) setPlaced({ roundId: s.round_id, spots: new Map(s.my_bets.map((b) => [b.spot, centavosOf(b.amount)])) });
      })
      .catch(() => undefined);
  }, [loggedIn]);

  const phase = state?.phase ?? null;
  const bettingOpen = phase === 'betting';
  const mySpots = placed.roundId === state?.round_id ? placed.spots : new Map<string, number>();

  // The table shows the confirmed chips and the ones still to send, by the table's spot keys.
  const tableStakes = new Map<string, number>();
  for (const [spot, amount] of mySpots) {
    const key = tableSpot(spot)?.key;
    if (key) tableStakes.set(key, (tableStakes.get(key) ?? 0) + amount);
  }
  for (const [key, amount] of pending) tableStakes.set(key, (tableStakes.get(key) ?? 0) + amount);
  const pendingTotal = [...pending.values()].reduce((a, b) => a + b, 0);

  const place = useCallback(
    (spot: Spot) => {
      if (!bettingOpen) return;
      sound.play('click');
      setPending((p) => new Map(p).set(spot.key, (p.get(spot.key) ?? 0) + chip));
    },
    [bettingOpen, chip],
  );

  const confirm = async () => {
    if (!requireLogin() || pending.size === 0) return;
    setBusy(true);
    try {
      const bets = [...pending.entries()].map(([key, amount]) => {
        const bet = SPOT_BY_KEY.get(key)?.bet;
        return { ...bet, amount: formatCentavos(amount) };
      });
      const answer = await housePost<{ round_id: number; bets: { spot: string; amount: string }[] }>(API.house.liveRouletteBet, { bets });
      sound.play('bet');
      setPlaced((p) => {
        const spots = new Map(p.roundId === answer.round_id ? p.spots : []);
        for (const b of answer.bets) spots.set(b.spot, centavosOf(b.amount));
        return { roundId: answer.round_id, spots };
      });
      setPending(new Map());
    } catch {
      // housePost has shown the translated refusal.
    } finally {
      setBusy(false);
    }
  };

  const resultShown = shownNumber !== null && (phase === 'ended' || phase === 'spinning');
  const myWin =
    resultShown && shownNumber !== null
      ? [...mySpots.entries()].reduce((sum, [spot, amount]) => sum + spotReturn(spot, amount, shownNumber), 0)
      : 0;
  const history = (state?.history ?? []).filter((h) => resultShown || h.round_id !== state?.round_id);

  const controls = (
    <div className="flex flex-col gap-3">
      <RngBadge />
      <fieldset className="flex flex-wrap gap-1.5" aria-label={t('live.chip')}>
        {ROULETTE_CHIPS_CENTAVOS.map((value, index) => (
          <button
            key={value}
            type="button"
            aria-pressed={chip === value}
            onClick={() => setChip(value)}
            className={`rounded-full transition ${chip === value ? 'scale-110' : 'opacity-70'}`}
            data-testid={`live-chip-${value}`}
          >
            <Chip colour={chipColour(index)} label={chipLabel(value)} size={34} glow={chip === value} />
          </button>
        ))}
      </fieldset>
      {!loggedIn ? (
        <Button size="lg" block onClick={requireLogin} className="h-14">
          {t('common.login_to_bet')}
        </Button>
      ) : (
        <div className="flex gap-2">
          <Button
            size="lg"
            className="h-14 min-w-0 flex-1 text-sm"
            disabled={!bettingOpen || busy || pending.size === 0}
            onClick={() => void confirm()}
            data-testid="live-roulette-confirm"
          >
            {pending.size > 0
              ? t('live.place_bets', { amount: formatBRL(pendingTotal, lang) })
              : bettingOpen
                ? t('live.pick_spots')
                : t('live.wait_next')}
          </Button>
          <Button size="lg" variant="outline" className="h-14 shrink-0" disabled={pending.size === 0} onClick={() => setPending(new Map())}>
            {t('live.clear')}
          </Button>
        </div>
      )}
      {resultShown && mySpots.size > 0 ? (
        <p
          className={`rounded-xl px-3 py-2 text-center text-sm font-semibold ${myWin > 0 ? 'bg-money/10 text-money' : 'bg-danger/10 text-danger'}`}
          data-testid="live-roulette-result"
        >
          {myWin > 0 ? t('common.you_won', { amount: formatBRL(myWin, lang) }) : t('live.lost')}
        </p>
      ) : null}
      <p className="text-xs text-muted">
        {t('live.table_total', { amount: formatMoney(state?.total ?? '0.00'), count: state?.players ?? 0 })}
      </p>
      <RtpCaption rtp={rtp} />
      <BetsList bets={state?.bets ?? []} />
    </div>
  );

  return (
    <GameShell
      code={CODE}
      title={config.data?.name ?? t('live.roulette_title')}
      onExit={onExit}
      controls={controls}
      paytable={<LiveRouletteRules rtp={rtp} />}
      fairness={<LiveFairness terminatingHash={state?.terminating_hash} last={history[0]} />}
      showSeedPair={false}
    >
      <div className="flex flex-1 flex-col gap-3 p-3 md:p-4">
        <HistoryStrip items={history} testId="live-history">
          {(item) => (
            <li className={`flex size-8 shrink-0 items-center justify-center rounded-lg text-xs font-black ${TILE[item.color]}`}>
              {item.number}
            </li>
          )}
        </HistoryStrip>
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-line bg-[radial-gradient(ellipse_at_center,rgba(245,196,81,0.08),transparent_65%),linear-gradient(180deg,#121a30,#0b1122)] p-3">
          <div className="flex min-h-12 items-center justify-center text-center" aria-live="polite">
            {state && phase === 'betting' ? (
              <Countdown endsAt={state.betting_ends_at} serverTime={state.server_time} label={t('live.spins_in')} />
            ) : resultShown && shownNumber !== null ? (
              <span className="text-lg font-black text-white" data-testid="live-roulette-outcome">
                {t('live.roulette_result', { number: shownNumber, color: t(`live.color.${rouletteColor(shownNumber)}`) })}
              </span>
            ) : phase === 'spinning' ? (
              <span className="text-sm font-bold tracking-wide text-gold uppercase">{t('live.spinning')}</span>
            ) : (
              <span className="text-sm text-muted">{t('common.waiting')}</span>
            )}
          </div>
          <RouletteWheel ref={wheel} label={t('roulette.wheel')} size={240} />
        </div>
        <RouletteTable
          orientation="vertical"
          stakes={tableStakes}
          chipValues={ROULETTE_CHIPS_CENTAVOS}
          onPlace={place}
          disabled={!bettingOpen || busy}
          result={resultShown ? shownNumber : null}
        />
      </div>
    </GameShell>
  );
}

export function LiveFairness({
  terminatingHash,
  last,
}: {
  terminatingHash: string | undefined;
  last: { round_id: number; hash: string } | undefined;
}) {
  const { t } = useTranslation('play');
  return (
    <div className="flex flex-col gap-2 rounded-2xl border border-line bg-surface px-4 py-3 text-sm text-soft">
      <p>{t('live.fair_chain')}</p>
      {terminatingHash ? (
        <>
          <span className="text-xs font-semibold text-muted">{t('crash.terminating_hash')}</span>
          <code className="font-mono text-xs break-all text-white">{terminatingHash}</code>
        </>
      ) : null}
      {last ? (
        <>
          <span className="text-xs font-semibold text-muted">{t('live.last_round_hash', { round: last.round_id })}</span>
          <code className="font-mono text-xs break-all text-white">{last.hash}</code>
        </>
      ) : null}
    </div>
  );
}
