import { rtpPercent } from '@casino/games/catalogue';
import {
  PLINKO_MAX_ROWS,
  PLINKO_MIN_ROWS,
  PLINKO_RISKS,
  type PlinkoRisk,
  declaredRtp as plinkoDeclaredRtp,
  plinkoRtp,
  plinkoTable,
  slotProbability,
} from '@casino/games/plinko';
import { API } from '@casino/shared/player-api-paths';
import type { plinkoAnswerSchema } from '@casino/shared/schemas/house-games';
import type { z } from 'zod';
import { formatCentavos, moneyStringToCentavos } from '@casino/shared/money';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/translation.ts';
import { Button } from '../../../components/button.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { AutoBetPanel, type AutoBetOutcome, ModeTabs, useAutoBet } from '../common/auto-bet.tsx';
import { useBalanceHold } from '../common/balance-hold.ts';
import { BetAmountInput } from '../common/bet-amount.tsx';
import { GameShell, RtpCaption } from '../common/game-shell.tsx';
import { RulesPanel } from '../common/rules-panel.tsx';
import { housePost, limitsOf, requireLogin, useHouseConfig, useInvalidateFairSeeds } from '../common/house-api.ts';
import { sound } from '../common/sound.ts';
import { PlinkoBoard, type PlinkoBoardHandle } from './plinko-board.tsx';

const CODE = 'plinko';
const MAX_RESULTS = 12;
const MAX_BALLS_IN_FLIGHT = 12;

/** The server's answer to a plinko bet (POST API.house.plinko). */
type PlinkoAnswer = z.infer<typeof plinkoAnswerSchema>;

type LandedBall = { id: number; slot: number; hundredths: number; colour: string };

/** "5,6×" in Portuguese, "1000×" for the big ones: a bucket's face. */
export function formatHundredths(hundredths: number, lang = currentLanguage()): string {
  const value = hundredths / 100;
  const text = new Intl.NumberFormat(lang === 'pt' ? 'pt-BR' : lang, { maximumFractionDigits: 2, useGrouping: false }).format(value);
  return `${text}×`;
}

/** Bucket colours: gold in the middle, hot red at the edges (the riskier the further out). */
export function bucketColours(rows: number): string[] {
  return Array.from({ length: rows + 1 }, (_, slot) => {
    const t = Math.abs(slot - rows / 2) / (rows / 2);
    const hue = Math.round(46 - 46 * t);
    const light = Math.round(56 - 4 * t);
    return `hsl(${hue === 0 ? 350 : hue} 100% ${light}%)`;
  });
}

function Segmented<T extends string | number>({
  label,
  options,
  value,
  onChange,
  disabled,
  format,
  testId,
}: {
  label: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  disabled: boolean;
  format: (value: T) => string;
  testId: string;
}) {
  return (
    <fieldset className="flex flex-col gap-1.5" disabled={disabled} data-testid={testId}>
      <legend className="mb-1.5 text-xs font-semibold text-muted">{label}</legend>
      <div className="grid gap-1 rounded-xl bg-ink/60 p-1" style={{ gridTemplateColumns: `repeat(${options.length}, minmax(0, 1fr))` }}>
        {options.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={option === value}
            onClick={() => {
              sound.play('click');
              onChange(option);
            }}
            className="h-8 rounded-lg text-xs font-bold text-muted transition hover:text-white disabled:opacity-50 aria-pressed:bg-surface-2 aria-pressed:text-gold aria-pressed:shadow"
          >
            {format(option)}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

function PlinkoRules({ rows, rtp }: { rows: number; rtp: string }) {
  const { t } = useTranslation('play');
  return (
    <RulesPanel rtp={rtp}>
      <p>{t('plinko.rules')}</p>
      <p className="text-xs text-muted">{t('plinko.rules_rtp')}</p>
      <div className="overflow-x-auto rounded-xl border border-line">
        <table className="w-full text-right text-xs tabular-nums">
          <caption className="px-3 py-2 text-left text-sm font-semibold text-white">{t('plinko.table_caption', { rows })}</caption>
          <thead className="bg-surface-2 text-muted">
            <tr>
              <th className="px-2 py-1.5 text-left font-semibold">{t('plinko.slot')}</th>
              <th className="px-2 py-1.5 font-semibold">{t('plinko.chance')}</th>
              {PLINKO_RISKS.map((risk) => (
                <th key={risk} className="px-2 py-1.5 font-semibold">
                  {t(`plinko.risk_${risk}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: rows + 1 }, (_, slot) => (
              <tr key={slot} className="border-t border-line/60">
                <td className="px-2 py-1 text-left">{slot + 1}</td>
                <td className="px-2 py-1 text-muted">{formatChance(slotProbability(rows, slot))}</td>
                {PLINKO_RISKS.map((risk) => (
                  <td key={risk} className="px-2 py-1 font-semibold text-white">
                    {formatHundredths(plinkoTable(rows, risk)[slot] ?? 0)}
                  </td>
                ))}
              </tr>
            ))}
            <tr className="border-t border-line bg-surface-2/60 text-gold">
              <td className="px-2 py-1.5 text-left font-semibold" colSpan={2}>
                {t('plinko.table_rtp')}
              </td>
              {PLINKO_RISKS.map((risk) => (
                <td key={risk} className="px-2 py-1.5 font-bold">
                  {formatPercent(plinkoRtp(rows, risk))}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
    </RulesPanel>
  );
}

function formatChance(p: number): string {
  const lang = currentLanguage();
  return new Intl.NumberFormat(lang === 'pt' ? 'pt-BR' : lang, { style: 'percent', maximumSignificantDigits: 3 }).format(p);
}

function formatPercent(p: number): string {
  const lang = currentLanguage();
  return new Intl.NumberFormat(lang === 'pt' ? 'pt-BR' : lang, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(p);
}

/**
 * Plinko: choose 8 to 16 rows and a risk level, drop a ball; the server draws its path and the
 * ball follows it pin by pin into a multiplier bucket. Auto-bet drops a ball every few tenths of
 * a second, so several balls share the board.
 */
export default function PlinkoGame({ onExit }: { onExit: () => void }) {
  const { t } = useTranslation('play');
  const config = useHouseConfig(CODE);
  const { minCentavos, maxCentavos } = limitsOf(config.data);
  const invalidateSeeds = useInvalidateFairSeeds();
  const board = useRef<PlinkoBoardHandle>(null);
  const [mode, setMode] = useState<'manual' | 'auto'>('manual');
  const [betCentavos, setBet] = useState(100);
  const [rows, setRows] = useState(16);
  const [risk, setRisk] = useState<PlinkoRisk>('medium');
  const [inFlight, setInFlight] = useState(0);
  const [sending, setSending] = useState(false);
  const [landed, setLanded] = useState<LandedBall[]>([]);
  const nextId = useRef(1);
  const flying = useRef(0);
  const holdBalance = useBalanceHold();

  const stake = Math.min(Math.max(betCentavos, minCentavos), maxCentavos);
  const table = plinkoTable(rows, risk);
  const labels = useMemo(() => table.map((h) => formatHundredths(h)), [table]);
  const colours = useMemo(() => bucketColours(rows), [rows]);
  const rtp = config.data?.rtp ?? rtpPercent(plinkoDeclaredRtp);

  const drop = useCallback(
    async (amountCentavos: number): Promise<AutoBetOutcome | null> => {
      if (!requireLogin()) return null;
      if (flying.current >= MAX_BALLS_IN_FLIGHT) return null;
      sound.play('bet');
      setSending(true);
      // The top bar shows the stake gone and the win only when this ball lands.
      const hold = holdBalance(amountCentavos);
      let answer: PlinkoAnswer;
      try {
        answer = await housePost<PlinkoAnswer>(API.house.plinko, { amount: formatCentavos(amountCentavos), rows, risk });
      } catch {
        hold.cancel();
        return null;
      } finally {
        setSending(false);
      }
      invalidateSeeds();
      const { path, slot } = answer.outcome;
      const payoutCentavos = moneyStringToCentavos(answer.win) ?? 0;
      const hundredths = plinkoTable(answer.outcome.rows, answer.outcome.risk)[slot] ?? 0;
      const colour = bucketColours(answer.outcome.rows)[slot] ?? '#f5c451';
      flying.current += 1;
      setInFlight(flying.current);
      void (board.current?.drop(path) ?? Promise.resolve(slot)).then(() => {
        hold.release(payoutCentavos);
        flying.current -= 1;
        setInFlight(flying.current);
        const won = payoutCentavos > amountCentavos;
        sound.play(won ? 'win' : payoutCentavos === amountCentavos ? 'reveal' : 'lose');
        setLanded((list) => [{ id: nextId.current++, slot, hundredths, colour }, ...list].slice(0, MAX_RESULTS));
      });
      return { betCentavos: amountCentavos, payoutCentavos };
    },
    [rows, risk, invalidateSeeds, holdBalance],
  );

  const auto = useAutoBet(drop, { betCentavos: stake, onBetChange: setBet, minCentavos, maxCentavos, delayMs: 260 });
  const locked = inFlight > 0 || auto.running;
  const rowOptions = Array.from({ length: PLINKO_MAX_ROWS - PLINKO_MIN_ROWS + 1 }, (_, i) => PLINKO_MIN_ROWS + i);

  const controls = (
    <div className="flex flex-col gap-3">
      <ModeTabs mode={mode} onChange={setMode} disabled={auto.running} />
      <BetAmountInput valueCentavos={stake} onChange={setBet} minCentavos={minCentavos} maxCentavos={maxCentavos} disabled={auto.running} />
      <Segmented
        label={t('plinko.risk')}
        options={PLINKO_RISKS}
        value={risk}
        onChange={setRisk}
        disabled={locked}
        format={(r) => t(`plinko.risk_${r}`)}
        testId="plinko-risk"
      />
      <label className="flex flex-col gap-1.5 text-xs font-semibold text-muted">
        <span className="flex justify-between">
          {t('plinko.rows')}
          <span className="font-bold text-white tabular-nums">{rows}</span>
        </span>
        <input
          type="range"
          min={PLINKO_MIN_ROWS}
          max={PLINKO_MAX_ROWS}
          step={1}
          value={rows}
          disabled={locked}
          onChange={(event) => setRows(Number(event.target.value))}
          className="h-8 accent-gold disabled:opacity-50"
          list="plinko-rows"
          data-testid="plinko-rows"
        />
        <datalist id="plinko-rows">
          {rowOptions.map((n) => (
            <option key={n} value={n} />
          ))}
        </datalist>
      </label>
      {mode === 'manual' ? (
        <Button
          variant="money"
          size="lg"
          block
          loading={sending && inFlight === 0}
          disabled={inFlight >= MAX_BALLS_IN_FLIGHT}
          onClick={() => void drop(stake)}
          data-testid="plinko-drop"
        >
          {t('plinko.drop')}
        </Button>
      ) : (
        <AutoBetPanel auto={auto} />
      )}
      <RtpCaption rtp={rtp} />
    </div>
  );

  return (
    <GameShell code={CODE} title={t('plinko.title')} onExit={onExit} controls={controls} paytable={<PlinkoRules rows={rows} rtp={rtp} />}>
      <div className="flex flex-1 flex-col items-center justify-start bg-[radial-gradient(ellipse_at_top,#1b2547,transparent_70%)] px-2 pt-3 pb-3 md:justify-center md:p-6">
        <div className="flex w-full flex-col gap-2" style={{ maxWidth: 'min(760px, calc((100dvh - 9rem) * 1.08))' }}>
          <ol
            className="scrollbar-none flex h-8 w-full gap-1.5 overflow-x-auto"
            aria-label={t('plinko.last_results')}
            data-testid="plinko-results"
          >
            {landed.length === 0 ? <li className="self-center text-xs text-muted">{t('plinko.no_results')}</li> : null}
            {landed.map((ball, index) => (
              <li
                key={ball.id}
                data-slot={ball.slot}
                className={`flex h-7 shrink-0 items-center rounded-lg px-2 text-xs font-extrabold text-[#1a1206] tabular-nums ${index === 0 ? 'animate-toast-in' : 'opacity-85'}`}
                style={{ background: ball.colour }}
              >
                {formatHundredths(ball.hundredths)}
              </li>
            ))}
          </ol>
          <div className="w-full" style={{ aspectRatio: '1.08' }}>
            <PlinkoBoard
              ref={board}
              rows={rows}
              labels={labels}
              colours={colours}
              label={t('plinko.board', { rows, risk: t(`plinko.risk_${risk}`) })}
            />
          </div>
        </div>
      </div>
    </GameShell>
  );
}
