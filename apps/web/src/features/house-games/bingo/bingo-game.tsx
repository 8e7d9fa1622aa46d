import { API } from '@casino/shared/player-api-paths';
import { formatBRL, moneyStringToCentavos } from '@casino/shared/money';
import type {
  BingoBuyAnswer,
  BingoCard,
  BingoRoomCode,
  BingoRooms,
  BingoServerMessage,
  BingoState,
} from '@casino/shared/schemas/house-bingo';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useIsLoggedIn } from '../../../lib/session.ts';
import { useTranslation } from '../../../lib/translation.ts';
import { GameShell, RtpCaption } from '../common/game-shell.tsx';
import { houseGet, housePost, requireLogin, useHouseConfig } from '../common/house-api.ts';
import { RulesPanel, RulesTable } from '../common/rules-panel.tsx';
import { sound } from '../common/sound.ts';

/**
 * Bingo rooms (bingo-75 and bingo-90), one screen for both: the room from the URL's code, a
 * switch between them, the countdown of the buying window, buying cards, the balls called live
 * over /ws/bingo with the cards marked automatically, the prizes and their winners.
 */

const ROOMS: BingoRoomCode[] = ['bingo-75', 'bingo-90'];
const LETTERS = ['B', 'I', 'N', 'G', 'O'];
/** Ball colours by column (75: the B-I-N-G-O letter; 90: by tens). */
const BALL_COLORS = ['#3b82f6', '#ef4444', '#f5c451', '#22c55e', '#a855f7', '#f97316', '#06b6d4', '#ec4899', '#84cc16'];

function roomFromUrl(): BingoRoomCode {
  const code = new URLSearchParams(window.location.search).get('code');
  return code === 'bingo-75' ? 'bingo-75' : 'bingo-90';
}

function ballColor(room: BingoRoomCode, n: number): string {
  const index = room === 'bingo-75' ? Math.floor((n - 1) / 15) : Math.min(8, Math.floor(n / 10));
  return BALL_COLORS[index] as string;
}

/** A drawn ball: a shaded sphere with the number on a white disc. */
function Ball({ room, n, size = 44, testId }: { room: BingoRoomCode; n: number; size?: number; testId?: string }) {
  const color = ballColor(room, n);
  const letter = room === 'bingo-75' ? LETTERS[Math.floor((n - 1) / 15)] : null;
  const id = `b${room}-${n}-${size}`;
  return (
    <svg width={size} height={size} viewBox="0 0 44 44" role="img" aria-label={String(n)} data-testid={testId} data-ball={n}>
      <defs>
        <radialGradient id={id} cx="35%" cy="30%" r="75%">
          <stop offset="0%" stopColor="#ffffff" stopOpacity="0.7" />
          <stop offset="35%" stopColor={color} />
          <stop offset="100%" stopColor="#0b1122" stopOpacity="0.9" />
        </radialGradient>
      </defs>
      <circle cx="22" cy="22" r="21" fill={`url(#${id})`} />
      <circle cx="22" cy="22" r="13" fill="#fff" />
      {letter ? (
        <text x="22" y="17" textAnchor="middle" fontSize="6" fontWeight="800" fill={color}>
          {letter}
        </text>
      ) : null}
      <text x="22" y={letter ? 28 : 26.5} textAnchor="middle" fontSize={n >= 10 ? 12 : 13} fontWeight="900" fill="#0b1122">
        {n}
      </text>
    </svg>
  );
}

/** One card with its called numbers marked (auto-daub). */
function CardView({ room, card, called, last }: { room: BingoRoomCode; card: BingoCard; called: Set<number>; last: number | null }) {
  const { t } = useTranslation('play');
  const cols = room === 'bingo-75' ? 5 : 9;
  const win = card.win ? (moneyStringToCentavos(card.win) ?? 0) : 0;
  const marked = card.cells.filter((n) => n !== 0 && called.has(n)).length;
  const total = card.cells.filter((n) => n !== 0).length;
  return (
    <div
      className={`flex flex-col gap-1 rounded-xl border p-1.5 ${win > 0 ? 'border-money bg-money/10' : 'border-line bg-surface/80'}`}
      data-testid="bingo-card"
    >
      <div className="flex items-center justify-between px-0.5 text-[10px] font-semibold text-muted">
        <span>#{card.id}</span>
        <span className="tabular-nums">
          {win > 0 ? <span className="text-money">{formatMoney(card.win ?? '0.00')}</span> : `${marked}/${total}`}
        </span>
      </div>
      {room === 'bingo-75' ? (
        <div className="grid grid-cols-5 gap-0.5 text-center text-[10px] font-black text-gold">
          {LETTERS.map((l) => (
            <span key={l}>{l}</span>
          ))}
        </div>
      ) : null}
      <div className="grid gap-0.5" style={{ gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))` }}>
        {card.cells.map((n, i) => {
          const free = n === 0 && room === 'bingo-75';
          const hit = n !== 0 && called.has(n);
          return (
            <span
              key={`${card.id}:${i}`}
              data-marked={hit || free ? 'true' : undefined}
              className={`relative flex aspect-square items-center justify-center rounded text-[11px] font-bold tabular-nums ${
                n === 0 && !free ? 'bg-night/60' : hit ? 'bg-gold text-night' : free ? 'bg-gold/30 text-gold' : 'bg-white/90 text-night'
              } ${hit && n === last ? 'ring-2 ring-white' : ''}`}
            >
              {free ? '★' : n === 0 ? '' : n}
            </span>
          );
        })}
      </div>
      {win > 0 ? <span className="sr-only">{t('bingo.card_won', { amount: card.win })}</span> : null}
    </div>
  );
}

function useBingoSocket(onMessage: (message: BingoServerMessage) => void) {
  const handler = useRef(onMessage);
  handler.current = onMessage;
  const [open, setOpen] = useState(false);
  useEffect(() => {
    let closed = false;
    let ws: WebSocket | null = null;
    let timer: number | undefined;
    let delay = 800;
    const connect = () => {
      if (closed) return;
      ws = new WebSocket(`${window.location.origin.replace(/^http/, 'ws')}${API.house.socket('bingo')}`);
      ws.onopen = () => {
        delay = 800;
        setOpen(true);
      };
      ws.onmessage = (event) => {
        if (typeof event.data !== 'string' || event.data.length > 512_000) return;
        try {
          const message = JSON.parse(event.data) as BingoServerMessage;
          if (message && typeof message.type === 'string' && message.data) handler.current(message);
        } catch {
          // not ours
        }
      };
      ws.onclose = () => {
        setOpen(false);
        if (closed) return;
        timer = window.setTimeout(connect, delay);
        delay = Math.min(delay * 2, 15_000);
      };
    };
    connect();
    return () => {
      closed = true;
      window.clearTimeout(timer);
      ws?.close();
    };
  }, []);
  return open;
}

function BingoRules({ room, state, rtp }: { room: BingoRoomCode; state: BingoState | undefined; rtp: string }) {
  const { t } = useTranslation('play');
  const prizes = room === 'bingo-75' ? ['line', 'corners', 'x', 'full_house'] : ['line', 'two_lines', 'full_house'];
  const share: Record<string, string> =
    room === 'bingo-75'
      ? { line: '10%', corners: '10%', x: '15%', full_house: '50%' }
      : { line: '12%', two_lines: '20%', full_house: '53%' };
  return (
    <RulesPanel
      rtp={rtp}
      rules={[
        t(room === 'bingo-75' ? 'bingo.rule_card_75' : 'bingo.rule_card_90'),
        t('bingo.rule_window', { max: state?.max_cards ?? 24 }),
        t('bingo.rule_pot'),
        t('bingo.rule_jackpot', { balls: state?.jackpot_balls ?? (room === 'bingo-75' ? 45 : 40) }),
        t('bingo.rule_ties'),
        t('bingo.rule_leave'),
        t('bingo.rule_fair'),
      ]}
    >
      <RulesTable head={[{ label: t('bingo.prize') }, { label: t('bingo.pattern') }, { label: t('bingo.share'), end: true }]}>
        {prizes.map((p) => (
          <tr key={p} className="border-t border-line">
            <td className="py-1.5 font-semibold text-white">{t(`bingo.prize_${p}`)}</td>
            <td className="py-1.5">{t(`bingo.pattern_${room === 'bingo-75' ? '75' : '90'}_${p}`)}</td>
            <td className="py-1.5 text-right font-semibold text-white">{share[p]}</td>
          </tr>
        ))}
        <tr className="border-t border-line">
          <td className="py-1.5 font-semibold text-white">{t('bingo.jackpot')}</td>
          <td className="py-1.5">{t('bingo.jackpot_within', { balls: state?.jackpot_balls ?? '' })}</td>
          <td className="py-1.5 text-right font-semibold text-white">5%</td>
        </tr>
        <tr className="border-t border-line">
          <td className="py-1.5 font-semibold text-white">{t('bingo.house_edge')}</td>
          <td className="py-1.5" />
          <td className="py-1.5 text-right font-semibold text-white">10%</td>
        </tr>
      </RulesTable>
    </RulesPanel>
  );
}

export default function BingoGame({ onExit }: { onExit: () => void }) {
  const { t } = useTranslation('play');
  const lang = currentLanguage();
  const loggedIn = useIsLoggedIn();
  const [room, setRoom] = useState<BingoRoomCode>(roomFromUrl);
  const config = useHouseConfig(room);
  const [states, setStates] = useState<Partial<Record<BingoRoomCode, BingoState>>>({});
  const [myCards, setMyCards] = useState<Partial<Record<BingoRoomCode, { roundId: number; cards: BingoCard[] }>>>({});
  const [count, setCount] = useState(1);
  const [busy, setBusy] = useState(false);
  const countdownEl = useRef<HTMLSpanElement>(null);
  const offset = useRef(0);
  const rtp = config.data?.rtp ?? '90.00';
  const state = states[room];

  const refresh = useCallback(async () => {
    try {
      const answer = await houseGet<BingoRooms>(API.house.bingoRooms);
      setStates((previous) => {
        const next = { ...previous };
        for (const s of answer.rooms) next[s.room] = s;
        return next;
      });
      const first = answer.rooms[0];
      if (first) offset.current = first.server_time - Date.now();
      setMyCards((previous) => {
        const next = { ...previous };
        for (const s of answer.rooms) if (s.my_cards && s.my_cards.length > 0) next[s.room] = { roundId: s.round_id, cards: s.my_cards };
        return next;
      });
    } catch {
      // the socket's state follows
    }
  }, []);

  // Read again when the member logs in or out (their cards come with the rooms).
  // biome-ignore lint/correctness/useExhaustiveDependencies: loggedIn is the trigger, not an input
  useEffect(() => {
    void refresh();
  }, [refresh, loggedIn]);

  const onMessage = useCallback(
    (message: BingoServerMessage) => {
      if (message.type === 'bingo.state') {
        const next = message.data;
        offset.current = next.server_time - Date.now();
        setStates((previous) => ({ ...previous, [next.room]: next }));
        // A new round or the end of one: the member's cards (and their wins) are read back.
        if (loggedIn && next.phase !== 'drawing') void refresh();
        return;
      }
      if (message.type === 'bingo.bets') {
        const d = message.data;
        setStates((previous) => {
          const s = previous[d.room];
          if (!s || s.round_id !== d.round_id) return previous;
          return { ...previous, [d.room]: { ...s, cards_sold: d.cards_sold, players: d.players, sales: d.sales, pot: d.pot } };
        });
        return;
      }
      if (message.type === 'bingo.ball') {
        const d = message.data;
        setStates((previous) => {
          const s = previous[d.room];
          if (!s || s.round_id !== d.round_id || s.balls.length >= d.count) return previous;
          return { ...previous, [d.room]: { ...s, phase: 'drawing', balls: d.balls, prizes: d.prizes } };
        });
        if (d.room === room) sound.play('click');
      }
    },
    [loggedIn, refresh, room],
  );
  const socketOpen = useBingoSocket(onMessage);

  // The countdown, written every frame.
  useEffect(() => {
    let frame = 0;
    const loop = () => {
      const s = states[room];
      if (countdownEl.current && s) {
        const left = Math.max(0, s.buy_ends_at - (Date.now() + offset.current));
        countdownEl.current.textContent = String(Math.ceil(left / 1000));
      }
      frame = requestAnimationFrame(loop);
    };
    frame = requestAnimationFrame(loop);
    return () => cancelAnimationFrame(frame);
  }, [states, room]);

  const maxCards = state?.max_cards ?? 24;
  const priceCentavos = state ? (moneyStringToCentavos(state.price) ?? 100) : 100;
  const mine = myCards[room]?.roundId === state?.round_id ? (myCards[room]?.cards ?? []) : [];
  const called = useMemo(() => new Set(state?.balls ?? []), [state?.balls]);
  const last = state?.balls.length ? (state.balls[state.balls.length - 1] as number) : null;
  const buying = state?.phase === 'buying';
  const myWin = mine.reduce((sum, c) => sum + (c.win ? (moneyStringToCentavos(c.win) ?? 0) : 0), 0);

  const buy = async () => {
    if (!requireLogin() || !state) return;
    setBusy(true);
    try {
      const answer = await housePost<BingoBuyAnswer>(API.house.bingoBuy, { room, cards: count, lang });
      sound.play('bet');
      setMyCards((previous) => ({ ...previous, [room]: { roundId: answer.round_id, cards: answer.cards } }));
    } catch {
      // housePost showed the message
    } finally {
      setBusy(false);
    }
  };

  const controls = (
    <div className="flex flex-col gap-3">
      <div className="grid grid-cols-2 gap-1 rounded-xl bg-night p-1" role="tablist">
        {ROOMS.map((r) => (
          <button
            key={r}
            type="button"
            role="tab"
            aria-selected={r === room}
            onClick={() => setRoom(r)}
            className={`h-10 rounded-lg text-sm font-bold transition ${r === room ? 'bg-gold text-night' : 'text-soft hover:text-white'}`}
            data-testid={`bingo-room-${r}`}
          >
            {t(r === 'bingo-75' ? 'bingo.room_75' : 'bingo.room_90')}
          </button>
        ))}
      </div>
      <div className="flex items-center justify-between gap-2">
        <span className="text-sm font-semibold text-soft">{t('bingo.cards')}</span>
        <div className="flex items-center gap-1">
          <Button variant="ghost" onClick={() => setCount((n) => Math.max(1, n - 1))} disabled={count <= 1} aria-label={t('bingo.fewer')}>
            −
          </Button>
          <span className="w-8 text-center text-lg font-black tabular-nums" data-testid="bingo-count">
            {count}
          </span>
          <Button
            variant="ghost"
            onClick={() => setCount((n) => Math.min(maxCards, n + 1))}
            disabled={count >= maxCards}
            aria-label={t('bingo.more')}
          >
            +
          </Button>
        </div>
      </div>
      <p className="text-xs text-muted">
        {t('bingo.price_line', { price: formatBRL(priceCentavos, lang), total: formatBRL(priceCentavos * count, lang) })}
      </p>
      {!loggedIn ? (
        <Button size="lg" block onClick={requireLogin} className="h-14">
          {t('common.login_to_bet')}
        </Button>
      ) : (
        <Button
          size="lg"
          block
          className="h-14"
          disabled={!buying || busy || mine.length > 0}
          onClick={() => void buy()}
          data-testid="bingo-buy"
        >
          {mine.length > 0 ? t('bingo.bought_n', { n: mine.length }) : buying ? t('bingo.buy_n', { n: count }) : t('bingo.wait_next')}
        </Button>
      )}
      {state?.phase === 'ended' && mine.length > 0 ? (
        <p
          className={`rounded-xl px-3 py-2 text-center text-sm font-semibold ${myWin > 0 ? 'bg-money/10 text-money' : 'bg-surface text-soft'}`}
          data-testid="bingo-result"
        >
          {myWin > 0 ? t('common.you_won', { amount: formatBRL(myWin, lang) }) : t('bingo.no_win')}
        </p>
      ) : null}
      <RtpCaption rtp={rtp} />
    </div>
  );

  const balls = state?.balls ?? [];
  return (
    <GameShell
      code={room}
      title={config.data?.name ?? t(room === 'bingo-75' ? 'bingo.room_75' : 'bingo.room_90')}
      onExit={onExit}
      controls={controls}
      paytable={<BingoRules room={room} state={state} rtp={rtp} />}
      fairness={<BingoFairness state={state} />}
      showSeedPair={false}
    >
      <div className="flex flex-1 flex-col gap-3 p-3 md:p-4" data-testid="bingo-stage" data-phase={state?.phase ?? 'none'}>
        <div className="grid grid-cols-3 gap-2 text-center">
          <div className="rounded-xl border border-line bg-surface/70 px-2 py-1.5">
            <div className="text-[10px] font-semibold text-muted uppercase">{t('bingo.pot')}</div>
            <div className="text-sm font-black text-white tabular-nums">{formatMoney(state?.pot ?? '0.00')}</div>
          </div>
          <div className="rounded-xl border border-gold/40 bg-gold/10 px-2 py-1.5">
            <div className="text-[10px] font-semibold text-gold uppercase">{t('bingo.jackpot')}</div>
            <div className="text-sm font-black text-gold tabular-nums" data-testid="bingo-jackpot">
              {formatMoney(state?.jackpot ?? '0.00')}
            </div>
          </div>
          <div className="rounded-xl border border-line bg-surface/70 px-2 py-1.5">
            <div className="text-[10px] font-semibold text-muted uppercase">{t('bingo.sold')}</div>
            <div className="text-sm font-black text-white tabular-nums">{state?.cards_sold ?? 0}</div>
            <div className="text-[10px] text-muted">{t('bingo.players_n', { count: state?.players ?? 0 })}</div>
          </div>
        </div>

        <div className="flex flex-col items-center gap-2 rounded-2xl border border-line bg-[radial-gradient(ellipse_at_center,rgba(245,196,81,0.10),transparent_65%),linear-gradient(180deg,#121a30,#0b1122)] p-3">
          <div className="flex min-h-6 items-center text-sm font-semibold text-soft" aria-live="polite">
            {!state ? (
              t(socketOpen ? 'common.waiting' : 'bingo.connecting')
            ) : state.phase === 'buying' ? (
              <span>
                {t('bingo.draw_in')} <span ref={countdownEl} className="font-black text-white tabular-nums" />s
              </span>
            ) : state.phase === 'drawing' ? (
              <span className="text-gold" data-testid="bingo-drawing">
                {t('bingo.ball_n', { n: balls.length, total: state.balls_total })}
              </span>
            ) : (
              <span className="text-white">{state.cards_sold > 0 ? t('bingo.ended', { n: balls.length }) : t('bingo.no_cards')}</span>
            )}
          </div>
          <div className="flex h-20 items-center gap-2" data-testid="bingo-balls">
            {last !== null ? (
              <Ball room={room} n={last} size={72} testId="bingo-last-ball" />
            ) : (
              <div className="size-[72px] rounded-full border-2 border-dashed border-line" />
            )}
            <div className="flex gap-1 opacity-80">
              {balls
                .slice(-6, -1)
                .reverse()
                .map((n) => (
                  <Ball key={n} room={room} n={n} size={34} />
                ))}
            </div>
          </div>
          <div
            className="grid w-full gap-0.5"
            style={{ gridTemplateColumns: 'repeat(15, minmax(0, 1fr))' }}
            role="img"
            aria-label={t('bingo.board')}
          >
            {Array.from({ length: state?.balls_total ?? (room === 'bingo-75' ? 75 : 90) }, (_, i) => i + 1).map((n) => (
              <span
                key={n}
                className={`flex h-5 items-center justify-center rounded text-[9px] font-bold tabular-nums ${called.has(n) ? 'text-night' : 'bg-night/70 text-muted'}`}
                style={called.has(n) ? { background: ballColor(room, n) } : undefined}
              >
                {n}
              </span>
            ))}
          </div>
        </div>

        <ul className="grid grid-cols-2 gap-2 md:grid-cols-4" data-testid="bingo-prizes">
          {(state?.prizes ?? []).map((p) => (
            <li
              key={p.prize}
              className={`rounded-xl border px-2 py-1.5 text-xs ${p.ball ? 'border-money/60 bg-money/10' : 'border-line bg-surface/70'}`}
            >
              <div className="flex justify-between gap-1 font-bold text-white">
                <span>{t(`bingo.prize_${p.prize}`)}</span>
                <span className="tabular-nums">{formatMoney(p.amount)}</span>
              </div>
              {p.ball ? (
                <div className="mt-0.5 text-[11px] text-money">
                  {t('bingo.won_at', { n: p.ball })}:{' '}
                  {p.winners
                    .slice(0, 3)
                    .map((w) => w.player)
                    .join(', ')}
                  {p.winners.length > 3 ? ` +${p.winners.length - 3}` : ''}
                </div>
              ) : (
                <div className="mt-0.5 text-[11px] text-muted">{t('bingo.open_prize')}</div>
              )}
            </li>
          ))}
          {state?.jackpot_won ? (
            <li className="col-span-2 rounded-xl border border-gold bg-gold/15 px-2 py-1.5 text-xs font-bold text-gold">
              {t('bingo.jackpot_won', { amount: formatMoney(state.jackpot_won.amount) })}:{' '}
              {state.jackpot_won.winners.map((w) => w.player).join(', ')}
            </li>
          ) : null}
        </ul>

        <section className="flex flex-col gap-2">
          <h2 className="text-sm font-bold text-white">{t('bingo.my_cards')}</h2>
          {mine.length === 0 ? (
            <p className="text-xs text-muted">{buying ? t('bingo.buy_hint') : t('bingo.no_cards_yet')}</p>
          ) : (
            <div
              className={`grid gap-2 ${room === 'bingo-75' ? 'grid-cols-2 md:grid-cols-4' : 'grid-cols-1 md:grid-cols-2'}`}
              data-testid="bingo-cards"
            >
              {mine.map((card) => (
                <CardView key={card.id} room={room} card={card} called={called} last={last} />
              ))}
            </div>
          )}
        </section>
      </div>
    </GameShell>
  );
}

function BingoFairness({ state }: { state: BingoState | undefined }) {
  const { t } = useTranslation('play');
  const last = state?.history[0];
  return (
    <div className="flex flex-col gap-2 rounded-2xl border border-line bg-surface px-4 py-3 text-sm text-soft">
      <p>{t('bingo.fair_chain')}</p>
      {state ? (
        <>
          <span className="text-xs font-semibold text-muted">{t('crash.terminating_hash')}</span>
          <code className="font-mono text-xs break-all text-white">{state.terminating_hash}</code>
        </>
      ) : null}
      {state?.hash && state.salt ? (
        <>
          <span className="text-xs font-semibold text-muted">{t('bingo.round_seed', { round: state.round_id })}</span>
          <code className="font-mono text-xs break-all text-white">{state.hash}</code>
          <code className="font-mono text-xs break-all text-white">{state.salt}</code>
        </>
      ) : last ? (
        <>
          <span className="text-xs font-semibold text-muted">{t('bingo.round_seed', { round: last.round_id })}</span>
          <code className="font-mono text-xs break-all text-white">{last.hash}</code>
        </>
      ) : null}
    </div>
  );
}
