import { rtpPercent } from '@casino/games/catalogue';
import { API } from '@casino/shared/player-api-paths';
import { formatCentavos, moneyStringToCentavos } from '@casino/shared/money';
import type { slotAnswerSchema } from '@casino/shared/schemas/house-games';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import type { z } from 'zod';
import { Button } from '../../../components/button.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { type AutoBet, AutoBetPanel, type AutoBetOutcome, ModeTabs, useAutoBet } from './auto-bet.tsx';
import { useBalanceHold } from './balance-hold.ts';
import { BetAmountInput } from './bet-amount.tsx';
import { GameShell, RtpCaption } from './game-shell.tsx';
import { housePost, limitsOf, requireLogin, useHouseConfig, useInvalidateFairSeeds } from './house-api.ts';
import { sound } from './sound.ts';

type SlotAnswer = z.infer<typeof slotAnswerSchema>;

type SlotRoundOptions = {
  /** The game's code (config, fairness) and its slot on the server (API.house.slot). */
  code: string;
  defaultBetCentavos: number;
  /** The declared RTP, shown until the server's configuration has loaded. */
  declaredRtp: number;
  /** Pause between rounds of the auto bet. */
  autoDelayMs: number;
  /** The stage's first step, before the server answers. */
  onStart(): void;
  /** The server refused the bet (the error has been shown): the stage goes back to idle. */
  onRefused(): void;
  /** Replays the round the server played (its outcome, as the server sent it) on the stage. */
  present(outcome: unknown, betCentavos: number, payoutCentavos: number): Promise<void>;
  /** After every round, played or refused. */
  onFinally?(): void;
};

export type SlotRound = {
  minCentavos: number;
  maxCentavos: number;
  mode: 'manual' | 'auto';
  setMode(mode: 'manual' | 'auto'): void;
  /** The stake within the game's limits. */
  stake: number;
  setBet(centavos: number): void;
  rtp: string;
  play(betCentavos: number): Promise<AutoBetOutcome | null>;
  auto: AutoBet;
};

/**
 * One slot round, as both slot screens play it: the bet is posted, the balance in the top bar
 * holds the stake until the stage has shown the win, the seeds move on, and the stage replays
 * the outcome (`present`). Manual and auto bets go through the same `play`.
 */
export function useSlotRound(options: SlotRoundOptions): SlotRound {
  const config = useHouseConfig(options.code);
  const { minCentavos, maxCentavos } = limitsOf(config.data);
  const invalidateSeeds = useInvalidateFairSeeds();
  const [mode, setMode] = useState<'manual' | 'auto'>('manual');
  const [betCentavos, setBet] = useState(options.defaultBetCentavos);
  const busy = useRef(false);
  const holdBalance = useBalanceHold();
  // The stage's steps read the latest render's state; the round itself stays one callback.
  const latest = useRef(options);
  latest.current = options;

  const stake = Math.min(Math.max(betCentavos, minCentavos), maxCentavos);
  const rtp = config.data?.rtp ?? rtpPercent(options.declaredRtp);

  const play = useCallback(
    async (amountCentavos: number): Promise<AutoBetOutcome | null> => {
      if (busy.current || !requireLogin()) return null;
      busy.current = true;
      const stage = latest.current;
      stage.onStart();
      sound.play('bet');
      // The top bar shows the stake gone until the stage has shown the round's win.
      const hold = holdBalance(amountCentavos);
      let payoutCentavos: number | undefined;
      try {
        let answer: SlotAnswer;
        try {
          answer = await housePost<SlotAnswer>(API.house.slot(stage.code), { amount: formatCentavos(amountCentavos) });
        } catch {
          hold.cancel();
          stage.onRefused();
          return null;
        }
        invalidateSeeds();
        payoutCentavos = moneyStringToCentavos(answer.win) ?? 0;
        await stage.present(answer.outcome, amountCentavos, payoutCentavos);
        return { betCentavos: amountCentavos, payoutCentavos };
      } finally {
        hold.release(payoutCentavos);
        busy.current = false;
        latest.current.onFinally?.();
      }
    },
    [invalidateSeeds, holdBalance],
  );

  const auto = useAutoBet(play, { betCentavos: stake, onBetChange: setBet, minCentavos, maxCentavos, delayMs: options.autoDelayMs });
  return { minCentavos, maxCentavos, mode, setMode, stake, setBet, rtp, play, auto };
}

type SlotScreenProps = {
  code: string;
  title: string;
  onExit: () => void;
  round: SlotRound;
  /** Whether the stage is playing a round (the stake is locked, the spin button waits). */
  running: boolean;
  /** The line under the stake (what one line bets). */
  lineBet: ReactNode;
  spinLabel: string;
  /** Replaces the spin button in manual mode while it is set (carnaval's skip during free spins). */
  manualAction?: ReactNode;
  paytable: ReactNode;
  children: ReactNode;
};

/** The frame of a slot screen: the game shell with the slot's controls (manual or auto). */
export function SlotScreen({ code, title, onExit, round, running, lineBet, spinLabel, manualAction, paytable, children }: SlotScreenProps) {
  const { auto } = round;
  const controls = (
    <div className="flex flex-col gap-3">
      <ModeTabs mode={round.mode} onChange={round.setMode} disabled={auto.running} />
      <BetAmountInput
        valueCentavos={round.stake}
        onChange={round.setBet}
        minCentavos={round.minCentavos}
        maxCentavos={round.maxCentavos}
        disabled={running || auto.running}
      />
      <p className="text-[11px] text-muted">{lineBet}</p>
      {round.mode === 'manual' ? (
        (manualAction ?? (
          <Button variant="money" size="lg" block loading={running} onClick={() => void round.play(round.stake)} data-testid="slot-spin">
            {spinLabel}
          </Button>
        ))
      ) : (
        <AutoBetPanel auto={auto} disabled={running && !auto.running} />
      )}
      <RtpCaption rtp={round.rtp} />
    </div>
  );
  return (
    <GameShell code={code} title={title} onExit={onExit} controls={controls} paytable={paytable}>
      {children}
    </GameShell>
  );
}

/** A share as the paytables show it ("12,5%"), in the reader's language. */
export function percent(value: number, digits = 2): string {
  const lang = currentLanguage();
  return new Intl.NumberFormat(lang === 'pt' ? 'pt-BR' : lang, { style: 'percent', maximumFractionDigits: digits }).format(value);
}
