import { payout, toBasisPoints, toHundredths } from '@casino/games/exact';
import { MINES_MAX, MINES_MIN, MINES_TILES, maxReveals, minesMultiplier, nextSafeChance } from '@casino/games/mines';
import { API } from '@casino/shared/player-api-paths';
import { formatBRL, formatCentavos, moneyStringToCentavos } from '@casino/shared/money';
import type { MinesRoundView } from '@casino/shared/schemas/house-games';
import { Shuffle } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from '../../../lib/translation.ts';
import { Button } from '../../../components/button.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useIsLoggedIn } from '../../../lib/session.ts';
import { BetAmountInput, formatScaled } from '../common/bet-amount.tsx';
import { GameShell, RtpCaption, StatField } from '../common/game-shell.tsx';
import { RulesPanel } from '../common/rules-panel.tsx';
import { houseGet, housePost, limitsOf, requireLogin, useHouseConfig, useInvalidateFairSeeds } from '../common/house-api.ts';
import { CashOutButton, LoginToBetButton, OpenRoundButton, useResumeRound } from '../common/round-controls.tsx';
import { sound } from '../common/sound.ts';
import { Bomb, Gem } from './mines-art.tsx';

type MinesAnswer = { round: MinesRoundView; tile?: number; safe?: boolean; balance: string };

const QUICK_COUNTS = [1, 3, 5, 10, 24];
const centavosOf = (text: string) => moneyStringToCentavos(text) ?? 0;
/** "1.0313" (the API's 4-decimal multiplier) to basis points (10313). */
function basisPoints(text: string | null | undefined): number | null {
  const match = text ? /^(\d+)\.(\d{4})$/.exec(text) : null;
  return match ? Number(match[1]) * 10_000 + Number(match[2]) : null;
}

function MinesPaytable({ rtp }: { rtp: string }) {
  const { t } = useTranslation('play');
  const counts = [1, 3, 5, 10, 20, 24];
  const steps = [1, 2, 3, 5, 10];
  return (
    <RulesPanel rtp={rtp} rules={[t('mines.rule_board'), t('mines.rule_reveal'), t('mines.rule_cashout'), t('mines.rule_resume')]}>
      <div className="overflow-x-auto">
        <table className="w-full text-right text-xs whitespace-nowrap tabular-nums">
          <thead className="text-xs text-muted">
            <tr>
              <th className="py-1.5 text-left font-semibold">{t('mines.table_head')}</th>
              {steps.map((n) => (
                <th key={n} className="py-1.5 pl-3 font-semibold">
                  {n}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {counts.map((k) => (
              <tr key={k} className="border-t border-line">
                <td className="py-1.5 text-left font-semibold text-white">{k}</td>
                {steps.map((n) => (
                  <td key={n} className="py-1.5 pl-3">
                    {n <= maxReveals(k) ? `${formatScaled(toHundredths(minesMultiplier(k, n)), 2)}×` : '—'}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-muted">{t('mines.table_note')}</p>
    </RulesPanel>
  );
}

type TileProps = {
  index: number;
  kind: 'hidden' | 'gem' | 'bomb' | 'gem-dim' | 'bomb-dim';
  exploded: boolean;
  pending: boolean;
  clickable: boolean;
  onPick: (tile: number) => void;
};

function Tile({ index, kind, exploded, pending, clickable, onPick }: TileProps) {
  const { t } = useTranslation('play');
  const base = 'relative flex aspect-square items-center justify-center rounded-xl transition-all duration-200';
  const label = t('mines.tile', { n: index + 1 });
  if (kind === 'hidden') {
    return (
      <button
        type="button"
        aria-label={label}
        disabled={!clickable}
        onClick={() => onPick(index)}
        data-testid={`mines-tile-${index}`}
        data-state="hidden"
        className={`${base} border-b-4 border-[#0b1326] bg-gradient-to-b from-[#2a3760] to-[#1c2746] shadow-[inset_0_1px_0_rgba(255,255,255,0.08)] ${
          clickable ? 'hover:-translate-y-0.5 hover:from-[#34447a] hover:to-[#243159] active:translate-y-0' : 'cursor-default'
        } ${pending ? 'animate-pulse from-[#3b4d88]' : ''}`}
      />
    );
  }
  const gem = kind === 'gem' || kind === 'gem-dim';
  const dim = kind.endsWith('dim');
  return (
    <div
      aria-label={`${label}: ${gem ? t('mines.gem') : t('mines.mine')}`}
      role="img"
      data-testid={`mines-tile-${index}`}
      data-state={gem ? 'gem' : 'mine'}
      className={`${base} ${
        exploded ? 'bg-danger/30 ring-2 ring-danger' : gem && !dim ? 'bg-money/15 ring-1 ring-money/50' : 'bg-ink/70'
      } ${dim ? 'opacity-45' : ''}`}
    >
      {exploded ? <span className="absolute inset-0 animate-ping rounded-xl bg-danger/40 [animation-iteration-count:2]" /> : null}
      {gem ? (
        <Gem className="size-[62%] transition duration-300 starting:scale-0 starting:rotate-45 drop-shadow-[0_0_12px_rgba(52,211,153,0.55)]" />
      ) : (
        <Bomb className="size-[66%] transition duration-300 starting:scale-150 starting:opacity-0" />
      )}
    </div>
  );
}

export default function MinesGame({ onExit }: { onExit: () => void }) {
  const { t } = useTranslation('play');
  const loggedIn = useIsLoggedIn();
  const config = useHouseConfig('mines');
  const invalidateSeeds = useInvalidateFairSeeds();
  const { minCentavos, maxCentavos } = limitsOf(config.data);
  const [betCentavos, setBetCentavos] = useState(100);
  const [mines, setMines] = useState(3);
  const [round, setRound] = useState<MinesRoundView | null>(null);
  const [exploded, setExploded] = useState<number | null>(null);
  const [pendingTile, setPendingTile] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const lang = currentLanguage();

  // An open round (closed tab, lost connection) resumes where it stopped: the stake is never lost.
  useResumeRound<MinesRoundView>(API.house.minesActive, loggedIn, round, (open) => {
    setRound(open);
    setMines(open.mines);
    setBetCentavos(centavosOf(open.amount));
  });

  const playing = round?.status === 'playing';
  const revealedCount = round?.revealed.length ?? 0;

  const start = async () => {
    if (!requireLogin()) return;
    setBusy(true);
    try {
      const answer = await housePost<MinesAnswer>(API.house.minesStart, { amount: formatCentavos(betCentavos), mines });
      sound.play('bet');
      setExploded(null);
      setRound(answer.round);
      invalidateSeeds();
    } catch {
      // The server's message is shown.
    } finally {
      setBusy(false);
    }
  };

  const reveal = useCallback(
    async (tile: number) => {
      if (round?.status !== 'playing' || pendingTile !== null) return;
      setPendingTile(tile);
      try {
        const answer = await housePost<MinesAnswer>(API.house.minesReveal, { round_id: round.round_id, tile });
        setRound(answer.round);
        if (answer.safe === false) {
          setExploded(tile);
          sound.play('bust');
        } else if (answer.round.status === 'cashed_out') {
          sound.play('win');
        } else {
          sound.play('reveal');
        }
      } catch {
        // Shown as a toast; a round that ended elsewhere is re-read.
        void houseGet<{ round: MinesRoundView | null }>(API.house.minesActive)
          .then((active) => {
            if (!active.round) setRound((current) => (current && current.status === 'playing' ? null : current));
          })
          .catch(() => undefined);
      } finally {
        setPendingTile(null);
      }
    },
    [round, pendingTile],
  );

  const cashOut = async () => {
    if (!round) return;
    setBusy(true);
    try {
      const answer = await housePost<MinesAnswer>(API.house.minesCashout, { round_id: round.round_id });
      setRound(answer.round);
      sound.play('cashout');
    } catch {
      // Shown as a toast.
    } finally {
      setBusy(false);
    }
  };

  const pickRandom = () => {
    if (!round || !playing) return;
    const free = Array.from({ length: MINES_TILES }, (_, i) => i).filter((i) => !round.revealed.includes(i));
    const tile = free[Math.floor(Math.random() * free.length)];
    if (tile !== undefined) void reveal(tile);
  };

  const tileKind = (index: number): TileProps['kind'] => {
    if (!round) return 'hidden';
    // A busted round's revealed tiles end with the mine that ended it: that one is a bomb.
    const isMine = round.status !== 'playing' && (round.mine_positions?.includes(index) ?? false);
    if (isMine) return index === exploded || round.revealed.includes(index) ? 'bomb' : 'bomb-dim';
    if (round.revealed.includes(index)) return 'gem';
    if (round.status === 'playing') return 'hidden';
    return 'gem-dim';
  };

  const stakeCentavos = round ? centavosOf(round.amount) : betCentavos;
  const currentWin = round && revealedCount > 0 ? payout(stakeCentavos, minesMultiplier(round.mines, revealedCount)) : 0;
  const currentBp = basisPoints(round?.multiplier) ?? 0;
  const nextBp = playing ? basisPoints(round?.next_multiplier) : toBasisPoints(minesMultiplier(mines, 1));
  const safeChance = playing && round ? nextSafeChance(round.mines, revealedCount) : nextSafeChance(mines, 0);
  const ended = round && round.status !== 'playing';

  const rtp = config.data?.rtp ?? '99.00';
  const controls = (
    <div className="flex flex-col gap-3">
      <BetAmountInput
        valueCentavos={betCentavos}
        onChange={setBetCentavos}
        minCentavos={minCentavos}
        maxCentavos={maxCentavos}
        disabled={playing || busy}
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor="mines-count" className="text-xs font-semibold text-muted">
          {t('mines.count')}
        </label>
        <div className="flex gap-1">
          <select
            id="mines-count"
            value={mines}
            disabled={playing || busy}
            onChange={(event) => setMines(Number(event.target.value))}
            className="h-10 min-w-0 flex-1 rounded-xl border border-line bg-ink/60 px-3 text-sm font-bold text-white outline-none focus:border-gold/70"
            data-testid="mines-count"
          >
            {Array.from({ length: MINES_MAX - MINES_MIN + 1 }, (_, i) => i + MINES_MIN).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
          {QUICK_COUNTS.map((n) => (
            <button
              key={n}
              type="button"
              disabled={playing || busy}
              onClick={() => {
                sound.play('click');
                setMines(n);
              }}
              className={`h-10 min-w-9 rounded-lg px-2 text-xs font-bold transition ${mines === n ? 'bg-gold text-ink' : 'bg-surface-2 text-soft hover:bg-line'}`}
            >
              {n}
            </button>
          ))}
        </div>
      </div>
      <div className="grid grid-cols-2 gap-2">
        <StatField
          label={t('mines.current')}
          value={playing && revealedCount > 0 ? `${formatScaled(currentBp, 4)}×` : '—'}
          accent
          testId="mines-multiplier"
        />
        <StatField
          label={t('mines.next')}
          value={nextBp ? `${formatScaled(nextBp, 4)}× · ${formatScaled(Math.floor((safeChance.num * 10_000) / safeChance.den), 2)}%` : '—'}
          testId="mines-next"
        />
      </div>
      {!loggedIn ? (
        <LoginToBetButton />
      ) : playing ? (
        <>
          <CashOutButton
            loading={busy}
            disabled={revealedCount === 0 || pendingTile !== null}
            onClick={cashOut}
            testId="mines-cashout"
            label={t('mines.cash_out')}
            detail={revealedCount > 0 ? formatBRL(currentWin, lang) : t('mines.pick_first')}
          />
          <Button variant="ghost" block onClick={pickRandom} disabled={pendingTile !== null} data-testid="mines-random">
            <Shuffle size={16} aria-hidden="true" />
            {t('mines.random')}
          </Button>
        </>
      ) : (
        <OpenRoundButton loading={busy} onClick={start} testId="mines-bet">
          {t('common.bet')}
        </OpenRoundButton>
      )}
      <RtpCaption rtp={rtp} />
    </div>
  );

  return (
    <GameShell code="mines" title={config.data?.name ?? 'Mines'} onExit={onExit} controls={controls} paytable={<MinesPaytable rtp={rtp} />}>
      <div className="flex flex-1 flex-col items-center justify-center gap-3 p-3 md:p-6">
        <div className="flex w-full max-w-[min(100%,34rem)] items-center justify-between text-xs font-semibold text-muted">
          <span className="flex items-center gap-1.5">
            <Bomb className="size-4" /> {t('mines.mines_n', { n: round?.mines ?? mines })}
          </span>
          <span className="flex items-center gap-1.5">
            <Gem className="size-4" /> {t('mines.gems_left', { n: MINES_TILES - (round?.mines ?? mines) - revealedCount })}
          </span>
        </div>
        <div className="relative w-full max-w-[min(100%,34rem,calc(100dvh-16rem))] md:max-w-[min(100%,36rem,calc(100dvh-9rem))]">
          <div
            className="grid grid-cols-5 gap-2 rounded-2xl border border-line bg-surface/60 p-2 sm:gap-2.5 sm:p-3"
            data-testid="mines-board"
          >
            {Array.from({ length: MINES_TILES }, (_, index) => (
              <Tile
                key={index}
                index={index}
                kind={tileKind(index)}
                exploded={exploded === index}
                pending={pendingTile === index}
                clickable={playing && pendingTile === null}
                onPick={(tile) => void reveal(tile)}
              />
            ))}
          </div>
          {ended && round ? (
            <div className="pointer-events-none absolute inset-0 flex items-center justify-center">
              <div
                className={`animate-sheet-in rounded-2xl border-2 px-6 py-4 text-center shadow-2xl backdrop-blur ${
                  round.status === 'cashed_out' ? 'border-money bg-ink/85' : 'border-danger bg-ink/85'
                }`}
                data-testid="mines-result"
                data-status={round.status}
              >
                {round.status === 'cashed_out' ? (
                  <>
                    <p className="text-3xl font-black text-money tabular-nums">{formatScaled(basisPoints(round.multiplier) ?? 0, 4)}×</p>
                    <p className="text-sm font-bold text-white">
                      {t('common.you_won', { amount: formatBRL(centavosOf(round.win), lang) })}
                    </p>
                  </>
                ) : (
                  <>
                    <p className="text-2xl font-black text-danger">{t('mines.boom')}</p>
                    <p className="text-sm text-soft">{t('mines.lost', { amount: formatBRL(centavosOf(round.amount), lang) })}</p>
                  </>
                )}
              </div>
            </div>
          ) : null}
        </div>
      </div>
    </GameShell>
  );
}
