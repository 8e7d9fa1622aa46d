import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/translation.ts';
import { Button } from '../../../components/button.tsx';
import {
  type AutoBetOutcome,
  type AutoBetSettings,
  DEFAULT_AUTO_BET,
  MAX_AUTO_BETS,
  MAX_PERCENT,
  nextStake,
  shouldStop,
} from './auto-bet-rules.ts';
import { formatAmount, parseTypedAmount } from './bet-amount.tsx';

export { type AutoBetOutcome, type AutoBetSettings, DEFAULT_AUTO_BET, MAX_AUTO_BETS, nextStake, shouldStop };

export type AutoBetOptions = {
  /** The stake shown in the bet field (the base stake auto-bet starts from and resets to). */
  betCentavos: number;
  /** Moves the bet field when a win or loss changes the stake. */
  onBetChange: (betCentavos: number) => void;
  minCentavos: number;
  maxCentavos: number;
  /** Pause between rounds, so each result can be seen (ms). */
  delayMs?: number;
};

export type AutoBet = {
  running: boolean;
  settings: AutoBetSettings;
  setSettings: (next: AutoBetSettings) => void;
  /** Rounds played and the running profit (centavos) of the current or last session. */
  played: number;
  profitCentavos: number;
  start: () => void;
  stop: () => void;
};

type SharedRoundBet = { stake: number; resolve: (outcome: AutoBetOutcome | null) => void; roundId: number | null; placing: boolean };

/**
 * Auto-bet on a shared round (crash, double): one bet per round. The bet is placed when a betting
 * window opens (`place` answers the round id it went into, or null when refused, which stops the
 * session), and the round counts once `settle` can tell its outcome. Stopping between rounds
 * resolves the pending round as not played.
 */
export function useSharedRoundAutoBet(
  round: { phase: string | null; roundId: number | null },
  place: (stake: number, roundId: number) => Promise<number | null>,
  settle: (bet: { stake: number; roundId: number }) => AutoBetOutcome | null,
  options: AutoBetOptions,
): AutoBet {
  const pendingRef = useRef<SharedRoundBet | null>(null);
  const latest = useRef({ place, settle });
  latest.current = { place, settle };
  const playOnce = useCallback(
    (stake: number) =>
      new Promise<AutoBetOutcome | null>((resolve) => {
        pendingRef.current = { stake, resolve, roundId: null, placing: false };
      }),
    [],
  );
  const auto = useAutoBet(playOnce, { ...options, delayMs: 0 });
  const { phase, roundId } = round;

  useEffect(() => {
    const pending = pendingRef.current;
    if (!pending || pending.roundId !== null || pending.placing) return;
    if (!auto.running) {
      pendingRef.current = null;
      pending.resolve(null);
      return;
    }
    if (phase === 'betting' && roundId !== null) {
      pending.placing = true;
      void latest.current.place(pending.stake, roundId).then((placedIn) => {
        pending.placing = false;
        if (placedIn !== null) pending.roundId = placedIn;
        else {
          pendingRef.current = null;
          pending.resolve(null);
        }
      });
    }
  }, [phase, roundId, auto.running]);

  // The outcome shows up in the game's own state (the member's bet, the wheel's roll): look after each render.
  useEffect(() => {
    const pending = pendingRef.current;
    if (!pending || pending.roundId === null) return;
    const outcome = latest.current.settle({ stake: pending.stake, roundId: pending.roundId });
    if (!outcome) return;
    pendingRef.current = null;
    pending.resolve(outcome);
  });

  return auto;
}

/**
 * Runs `playOnce(stake)` in a loop with the auto-bet rules. `playOnce` resolves the round's
 * outcome, or null when it could not play (a refused bet, no balance): that stops the session.
 */
export function useAutoBet(playOnce: (betCentavos: number) => Promise<AutoBetOutcome | null>, options: AutoBetOptions): AutoBet {
  const [settings, setSettings] = useState<AutoBetSettings>(DEFAULT_AUTO_BET);
  const [running, setRunning] = useState(false);
  const [played, setPlayed] = useState(0);
  const [profitCentavos, setProfit] = useState(0);
  const runningRef = useRef(false);
  const latest = useRef({ playOnce, options, settings });
  latest.current = { playOnce, options, settings };

  useEffect(
    () => () => {
      runningRef.current = false;
    },
    [],
  );

  const stop = useCallback(() => {
    runningRef.current = false;
    setRunning(false);
  }, []);

  const start = useCallback(() => {
    if (runningRef.current) return;
    runningRef.current = true;
    setRunning(true);
    setPlayed(0);
    setProfit(0);
    const base = latest.current.options.betCentavos;
    void (async () => {
      let stake = base;
      let rounds = 0;
      let profit = 0;
      while (runningRef.current) {
        const outcome = await latest.current.playOnce(stake).catch(() => null);
        if (!outcome || !runningRef.current) break;
        rounds += 1;
        profit += outcome.payoutCentavos - outcome.betCentavos;
        setPlayed(rounds);
        setProfit(profit);
        const { options: o, settings: s } = latest.current;
        if (shouldStop(s, rounds, profit)) break;
        stake = nextStake(s, outcome, base, o.minCentavos, o.maxCentavos);
        o.onBetChange(stake);
        await new Promise((resolve) => window.setTimeout(resolve, o.delayMs ?? 350));
      }
      runningRef.current = false;
      setRunning(false);
    })();
  }, []);

  return { running, settings, setSettings, played, profitCentavos, start, stop };
}

function AmountField({
  label,
  valueCentavos,
  onChange,
  disabled,
}: {
  label: string;
  valueCentavos: number;
  onChange: (v: number) => void;
  disabled: boolean;
}) {
  const [text, setText] = useState(valueCentavos ? formatAmount(valueCentavos) : '');
  return (
    <label className="flex flex-col gap-1 text-xs font-semibold text-muted">
      {label}
      <span className="flex h-10 items-center rounded-xl border border-line bg-ink/60 px-2 focus-within:border-gold/70">
        <span className="text-sm text-muted">R$</span>
        <input
          inputMode="decimal"
          className="min-w-0 flex-1 bg-transparent px-1 text-sm font-bold text-white tabular-nums outline-none"
          value={text}
          placeholder="0,00"
          disabled={disabled}
          onChange={(event) => setText(event.target.value)}
          onBlur={() => {
            const parsed = text.trim() === '' ? 0 : parseTypedAmount(text);
            const value = parsed ?? valueCentavos;
            onChange(value);
            setText(value ? formatAmount(value) : '');
          }}
        />
      </span>
    </label>
  );
}

function ChangeRule({
  label,
  percent,
  onChange,
  disabled,
}: {
  label: string;
  percent: number | null;
  onChange: (percent: number | null) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('play');
  const pill = (active: boolean) =>
    `h-8 rounded-lg px-2.5 text-xs font-bold transition ${active ? 'bg-gold text-ink' : 'bg-surface-2 text-soft hover:bg-line'}`;
  return (
    <div className="flex flex-col gap-1">
      <span className="text-xs font-semibold text-muted">{label}</span>
      <div className="flex items-center gap-1 rounded-xl border border-line bg-ink/60 p-1">
        <button type="button" className={pill(percent === null)} disabled={disabled} onClick={() => onChange(null)}>
          {t('auto.reset')}
        </button>
        <button type="button" className={pill(percent !== null)} disabled={disabled} onClick={() => onChange(percent ?? 100)}>
          {t('auto.increase')}
        </button>
        <input
          aria-label={`${label} %`}
          inputMode="numeric"
          className="h-8 w-full min-w-12 flex-1 bg-transparent text-right text-sm font-bold text-white tabular-nums outline-none disabled:opacity-40"
          value={percent ?? ''}
          placeholder="0"
          disabled={disabled || percent === null}
          onChange={(event) => {
            const digits = event.target.value.replace(/\D/g, '').slice(0, 4);
            onChange(Math.min(MAX_PERCENT, Number(digits || '0')));
          }}
        />
        <span className="pr-1.5 text-sm text-muted">%</span>
      </div>
    </div>
  );
}

/** The auto-bet form and its start/stop button; the game keeps its own manual bet button. */
export function AutoBetPanel({ auto, disabled = false }: { auto: AutoBet; disabled?: boolean }) {
  const { t } = useTranslation('play');
  const { settings, setSettings, running } = auto;
  const locked = running || disabled;
  const update = (patch: Partial<AutoBetSettings>) => setSettings({ ...settings, ...patch });

  return (
    <div className="flex flex-col gap-3" data-testid="auto-bet">
      <label className="flex flex-col gap-1 text-xs font-semibold text-muted">
        {t('auto.count')}
        <span className="flex h-10 items-center gap-1 rounded-xl border border-line bg-ink/60 px-2 focus-within:border-gold/70">
          <input
            inputMode="numeric"
            className="min-w-0 flex-1 bg-transparent px-1 text-sm font-bold text-white tabular-nums outline-none"
            value={settings.count || ''}
            placeholder="∞"
            disabled={locked}
            onChange={(event) => {
              const digits = event.target.value.replace(/\D/g, '').slice(0, 4);
              update({ count: Math.min(MAX_AUTO_BETS, Number(digits || '0')) });
            }}
          />
          {[10, 50, 100].map((n) => (
            <button
              key={n}
              type="button"
              disabled={locked}
              onClick={() => update({ count: n })}
              className="h-7 rounded-md bg-surface-2 px-2 text-xs font-bold text-soft hover:bg-line"
            >
              {n}
            </button>
          ))}
        </span>
      </label>
      <div className="grid grid-cols-1 gap-2">
        <ChangeRule
          label={t('auto.on_win')}
          percent={settings.onWinPercent}
          disabled={locked}
          onChange={(p) => update({ onWinPercent: p })}
        />
        <ChangeRule
          label={t('auto.on_loss')}
          percent={settings.onLossPercent}
          disabled={locked}
          onChange={(p) => update({ onLossPercent: p })}
        />
      </div>
      <div className="grid grid-cols-2 gap-2">
        <AmountField
          label={t('auto.stop_profit')}
          valueCentavos={settings.stopProfitCentavos}
          disabled={locked}
          onChange={(v) => update({ stopProfitCentavos: v })}
        />
        <AmountField
          label={t('auto.stop_loss')}
          valueCentavos={settings.stopLossCentavos}
          disabled={locked}
          onChange={(v) => update({ stopLossCentavos: v })}
        />
      </div>
      {running || auto.played > 0 ? (
        <p className="flex justify-between text-xs text-muted tabular-nums" data-testid="auto-progress">
          <span>{t('auto.played', { n: auto.played, total: settings.count || '∞' })}</span>
          <span className={auto.profitCentavos >= 0 ? 'text-money' : 'text-danger'}>
            {auto.profitCentavos >= 0 ? '+' : '−'}
            {formatAmount(Math.abs(auto.profitCentavos))}
          </span>
        </p>
      ) : null}
      {running ? (
        <Button variant="danger" size="lg" block onClick={auto.stop} data-testid="auto-stop">
          {t('auto.stop')}
        </Button>
      ) : (
        <Button variant="money" size="lg" block disabled={disabled} onClick={auto.start} data-testid="auto-start">
          {t('auto.start')}
        </Button>
      )}
    </div>
  );
}

/** "Manual | Auto" switch above a game's controls. */
export function ModeTabs({
  mode,
  onChange,
  disabled,
}: {
  mode: 'manual' | 'auto';
  onChange: (mode: 'manual' | 'auto') => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('play');
  return (
    <div className="grid grid-cols-2 rounded-xl bg-ink/60 p-1" role="tablist">
      {(['manual', 'auto'] as const).map((m) => (
        <button
          key={m}
          type="button"
          role="tab"
          aria-selected={mode === m}
          disabled={disabled}
          onClick={() => onChange(m)}
          className={`h-8 rounded-lg text-sm font-semibold transition ${mode === m ? 'bg-surface-2 text-white shadow' : 'text-muted hover:text-white'}`}
        >
          {t(`common.mode_${m}`)}
        </button>
      ))}
    </div>
  );
}
