import { DICE_MAX_CHANCE, DICE_MIN_CHANCE, type DiceDirection, diceChance, diceMultiplier, diceTargetForChance } from '@casino/games/dice';
import { payout, toBasisPoints } from '@casino/games/exact';
import { API } from '@casino/shared/player-api-paths';
import { formatBRL, formatCentavos } from '@casino/shared/money';
import type { diceAnswerSchema } from '@casino/shared/schemas/house-games';
import { ArrowLeftRight } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/translation.ts';
import type { z } from 'zod';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useIsLoggedIn } from '../../../lib/session.ts';
import { useAutoBet } from '../common/auto-bet.tsx';
import { formatScaled, parseTypedAmount } from '../common/bet-amount.tsx';
import { GameShell, RtpCaption, StatField } from '../common/game-shell.tsx';
import { RulesPanel, RulesTable } from '../common/rules-panel.tsx';
import { housePost, limitsOf, requireLogin, useHouseConfig } from '../common/house-api.ts';
import { EditableField, InstantBetButton, RecentStrip, StakeControls, useInstantRound, useRoundTimers } from '../common/instant-round.tsx';
import { sound } from '../common/sound.ts';

type DiceAnswer = z.infer<typeof diceAnswerSchema>;
type Recent = { id: number; roll: number; win: boolean };

const MAX_RECENT = 16;
const ROLL_ANIMATION_MS = 450;

const clampChance = (chance: number) => Math.min(DICE_MAX_CHANCE, Math.max(DICE_MIN_CHANCE, Math.round(chance)));
/** "50.50" for 5050: the exact form the API reads (two decimals, a dot). */
const hundredthsText = (h: number) => `${Math.floor(h / 100)}.${String(h % 100).padStart(2, '0')}`;

function DicePaytable({ rtp }: { rtp: string }) {
  const { t } = useTranslation('play');
  const chances = [9800, 9000, 7500, 4950, 2500, 1000, 100, 1];
  return (
    <RulesPanel rtp={rtp} rules={[t('dice.rule_roll'), t('dice.rule_target'), t('dice.rule_multiplier')]}>
      <RulesTable head={[{ label: t('dice.win_chance') }, { label: t('common.multiplier'), end: true }]}>
        {chances.map((chance) => (
          <tr key={chance} className="border-t border-line">
            <td className="py-1.5">{formatScaled(chance, 2)}%</td>
            <td className="py-1.5 text-right font-semibold text-white">
              {formatScaled(toBasisPoints(diceMultiplier({ target: chance, direction: 'under' })), 4)}×
            </td>
          </tr>
        ))}
      </RulesTable>
    </RulesPanel>
  );
}

/** The 0-100 track: winning zone in green, the target handle, and the last roll's marker. */
function DiceTrack({
  target,
  direction,
  onTarget,
  roll,
  win,
  rolling,
  disabled,
}: {
  target: number;
  direction: DiceDirection;
  onTarget: (target: number) => void;
  roll: number | null;
  win: boolean | null;
  rolling: boolean;
  disabled: boolean;
}) {
  const { t } = useTranslation('play');
  const pct = target / 100;
  const red = 'rgb(240 90 103)';
  const green = 'rgb(34 197 94)';
  const [left, right] = direction === 'under' ? [green, red] : [red, green];
  return (
    <div className="w-full px-4 pt-20 pb-6">
      <div className="relative">
        {/* The roll marker slides to the result. */}
        <div
          className="absolute -top-[4.75rem] flex -translate-x-1/2 flex-col items-center transition-[left] ease-out"
          style={{ left: `${(roll ?? 5000) / 100}%`, transitionDuration: `${ROLL_ANIMATION_MS}ms`, opacity: roll === null ? 0 : 1 }}
          aria-hidden={roll === null}
        >
          <span
            className={`rounded-xl px-3 py-2 text-lg font-black tabular-nums shadow-lg transition-colors ${
              rolling ? 'bg-surface-2 text-white' : win ? 'bg-money text-white shadow-money/40' : 'bg-danger text-white shadow-danger/40'
            }`}
            data-testid="dice-roll"
          >
            {roll === null ? '' : formatScaled(roll, 2)}
          </span>
          <span
            className={`h-0 w-0 border-x-8 border-t-8 border-x-transparent ${rolling ? 'border-t-surface-2' : win ? 'border-t-money' : 'border-t-danger'}`}
          />
        </div>
        <div
          className="relative h-4 rounded-full"
          style={{ background: `linear-gradient(90deg, ${left} 0 ${pct}%, ${right} ${pct}% 100%)` }}
        >
          <input
            type="range"
            min={0}
            max={10000}
            step={1}
            value={target}
            disabled={disabled}
            aria-label={t('dice.target')}
            onChange={(event) => onTarget(Number(event.target.value))}
            className="dice-range absolute inset-x-0 -top-3 h-10 w-full cursor-grab appearance-none bg-transparent disabled:cursor-not-allowed [&::-moz-range-thumb]:size-8 [&::-moz-range-thumb]:rounded-lg [&::-moz-range-thumb]:border-0 [&::-moz-range-thumb]:bg-white [&::-webkit-slider-thumb]:size-8 [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-lg [&::-webkit-slider-thumb]:bg-white [&::-webkit-slider-thumb]:shadow-[0_2px_10px_rgba(0,0,0,0.5)]"
            data-testid="dice-slider"
          />
        </div>
        <div className="mt-3 flex justify-between text-xs font-semibold text-muted tabular-nums">
          {[0, 25, 50, 75, 100].map((n) => (
            <span key={n}>{n}</span>
          ))}
        </div>
      </div>
    </div>
  );
}

/** The big number: flickers while the roll is in flight, then shows it in green or red. */
function BigRoll({ roll, win, rolling }: { roll: number | null; win: boolean | null; rolling: boolean }) {
  const [flicker, setFlicker] = useState(0);
  useEffect(() => {
    if (!rolling) return;
    const timer = window.setInterval(() => setFlicker(Math.floor(Math.random() * 10_001)), 45);
    return () => window.clearInterval(timer);
  }, [rolling]);
  const shown = rolling ? flicker : roll;
  const color = rolling ? 'text-white/70' : roll === null ? 'text-white/15' : win ? 'text-money' : 'text-danger';
  return (
    <span className={`text-6xl font-black tabular-nums transition-colors md:text-8xl ${color}`} data-testid="dice-big">
      {shown === null ? formatScaled(5000, 2) : formatScaled(shown, 2)}
    </span>
  );
}

export default function DiceGame({ onExit }: { onExit: () => void }) {
  const { t } = useTranslation('play');
  const loggedIn = useIsLoggedIn();
  const config = useHouseConfig('dice');
  const { minCentavos, maxCentavos } = limitsOf(config.data);
  const [betCentavos, setBetCentavos] = useState(100);
  const [direction, setDirection] = useState<DiceDirection>('over');
  const [target, setTargetRaw] = useState(5050);
  const [mode, setMode] = useState<'manual' | 'auto'>('manual');
  const [last, setLast] = useState<{ roll: number; win: boolean; winCentavos: number } | null>(null);
  const [rolling, setRolling] = useState(false);
  const [recent, setRecent] = useState<Recent[]>([]);
  const after = useRoundTimers();
  const { busy, bet } = useInstantRound();

  const chance = diceChance({ target, direction });
  const multiplier = diceMultiplier({ target, direction });
  const multiplierBp = toBasisPoints(multiplier);
  const profitCentavos = Math.max(0, payout(betCentavos, multiplier) - betCentavos);

  /** Keeps the target inside the allowed chances (0.01% to 98%) for the direction. */
  const setTarget = useCallback(
    (next: number, dir: DiceDirection = direction) => {
      const c = clampChance(diceChance({ target: Math.round(next), direction: dir }));
      setTargetRaw(diceTargetForChance(c, dir));
    },
    [direction],
  );

  const flip = () => {
    sound.play('click');
    const next: DiceDirection = direction === 'over' ? 'under' : 'over';
    // The chance stays the same: the target mirrors around 50.
    setDirection(next);
    setTargetRaw(diceTargetForChance(chance, next));
  };

  const roll = useCallback(
    async (stake: number): Promise<{ betCentavos: number; payoutCentavos: number } | null> => {
      if (!requireLogin()) return null;
      setRolling(true);
      // The top bar shows the stake gone until the marker has landed on the roll.
      return bet(
        stake,
        () =>
          housePost<DiceAnswer>(API.house.dice, {
            amount: formatCentavos(stake),
            target: hundredthsText(target),
            direction,
          }),
        (answer, winCentavos) => {
          const outcome = answer.outcome;
          setLast({ roll: outcome.roll, win: outcome.win, winCentavos });
          return after(ROLL_ANIMATION_MS, () => {
            setRolling(false);
            sound.play(outcome.win ? 'win' : 'lose');
            setRecent((list) => [{ id: answer.round_id, roll: outcome.roll, win: outcome.win }, ...list].slice(0, MAX_RECENT));
          });
        },
        () => setRolling(false),
      );
    },
    [target, direction, bet, after],
  );

  const auto = useAutoBet(roll, { betCentavos, onBetChange: setBetCentavos, minCentavos, maxCentavos, delayMs: 250 });
  const locked = busy || auto.running;
  const lang = currentLanguage();
  const rtp = config.data?.rtp ?? '98.99';

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
      <div className="grid grid-cols-3 gap-2">
        <EditableField
          label={t('common.multiplier')}
          display={formatScaled(multiplierBp, 4)}
          suffix="×"
          testId="dice-multiplier"
          disabled={locked}
          onCommit={(text) => {
            const m = parseTypedAmount(text);
            if (m && m > 100) setTarget(diceTargetForChance(clampChance(990_000 / m), direction));
          }}
        />
        <div className="flex min-w-0 flex-col gap-1">
          <span className="truncate text-xs font-semibold text-muted">
            {direction === 'over' ? t('dice.roll_over') : t('dice.roll_under')}
          </span>
          <button
            type="button"
            onClick={flip}
            disabled={locked}
            className="flex h-10 items-center justify-between gap-1 rounded-xl border border-line bg-ink/60 px-3 text-sm font-bold text-white tabular-nums hover:border-gold/60"
            data-testid="dice-direction"
            data-direction={direction}
            aria-label={t('dice.flip')}
          >
            <span data-testid="dice-target">{formatScaled(target, 2)}</span>
            <ArrowLeftRight size={16} className="text-gold" aria-hidden="true" />
          </button>
        </div>
        <EditableField
          label={t('dice.chance_short')}
          display={formatScaled(chance, 2)}
          suffix="%"
          testId="dice-chance"
          disabled={locked}
          onCommit={(text) => {
            const c = parseTypedAmount(text);
            if (c !== null) setTarget(diceTargetForChance(clampChance(c), direction));
          }}
        />
      </div>
      <StatField label={t('common.profit_on_win')} value={formatBRL(profitCentavos, lang)} accent testId="dice-profit" />
      <InstantBetButton mode={mode} loggedIn={loggedIn} busy={busy} auto={auto} onBet={() => void roll(betCentavos)} testId="dice-bet">
        {t('dice.roll')}
      </InstantBetButton>
      <RtpCaption rtp={rtp} />
    </div>
  );

  return (
    <GameShell code="dice" title={config.data?.name ?? 'Dice'} onExit={onExit} controls={controls} paytable={<DicePaytable rtp={rtp} />}>
      <div className="flex flex-1 flex-col gap-4 p-3 md:p-6">
        <RecentStrip items={recent.map((item) => ({ ...item, label: formatScaled(item.roll, 2) }))} testId="dice-recent" />
        <div className="relative flex flex-1 flex-col items-center justify-center gap-6 rounded-2xl border border-line bg-[radial-gradient(ellipse_at_top,rgba(34,197,94,0.08),transparent_60%),linear-gradient(180deg,#121a30,#0b1122)] px-3 py-6 md:px-10">
          <div className="flex flex-col items-center gap-2 text-center" aria-live="polite">
            <BigRoll roll={last?.roll ?? null} win={last?.win ?? null} rolling={rolling} />
            {last && !rolling ? (
              <p className={`text-sm font-bold ${last.win ? 'text-money' : 'text-danger'}`} data-testid="dice-result">
                {last.win
                  ? t('common.you_won', { amount: formatBRL(last.winCentavos, lang) })
                  : t('dice.no_win', { roll: formatScaled(last.roll, 2) })}
              </p>
            ) : (
              <p className="text-sm text-muted">
                {direction === 'over'
                  ? t('dice.hint_over', { target: formatScaled(target, 2) })
                  : t('dice.hint_under', { target: formatScaled(target, 2) })}
              </p>
            )}
          </div>
          <div className="w-full max-w-2xl">
            <DiceTrack
              target={target}
              direction={direction}
              onTarget={(value) => setTarget(value)}
              roll={last?.roll ?? null}
              win={last?.win ?? null}
              rolling={rolling}
              disabled={locked}
            />
          </div>
        </div>
      </div>
    </GameShell>
  );
}
