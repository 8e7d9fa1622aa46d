import * as bacbo from '@casino/games/bacbo';
import * as baccarat from '@casino/games/baccarat';
import { cardCode } from '@casino/games/cards';
import type { FloatSource } from '@casino/games/fair';
import * as keno from '@casino/games/keno';
import * as limbo from '@casino/games/limbo';
import { formatCentavos, moneyStringToCentavos } from '@casino/shared/money';

/**
 * Keno, limbo, baccarat and bac bo in the verify tool: the outcome recomputed from the seeds by
 * the packages/games code the server runs, and a recorded round compared with it. Keno needs the
 * picks and the risk, limbo the target (typed as text, read here); baccarat's cards and bac bo's
 * dice depend on the seeds only, and each stored bet is paid again on the recomputed outcome.
 */

export const TABLE_GAMES = ['keno', 'limbo', 'baccarat', 'bac-bo'] as const;
export type TableGame = (typeof TABLE_GAMES)[number];
export const isTableGame = (game: string): game is TableGame => (TABLE_GAMES as readonly string[]).includes(game);

/** The tool's inputs for these games (text as typed). */
export type TableParams = { kenoPicks: string; kenoRisk: keno.KenoRisk; limboTarget: string };
export const DEFAULT_TABLE_PARAMS: TableParams = { kenoPicks: '1, 2, 3, 4, 5', kenoRisk: 'classic', limboTarget: '2.00' };

export type TableOutcome =
  | { game: 'keno'; drawn: number[]; picks: number[]; hits: number[]; risk: keno.KenoRisk }
  | { game: 'limbo'; result: number; target: number; win: boolean }
  | { game: 'baccarat'; outcome: baccarat.BaccaratOutcome }
  | { game: 'bac-bo'; outcome: bacbo.BacboOutcome };

/** "3, 19, 40" as numbers (anything but digits separates them). */
export function parseKenoPicks(text: string): number[] {
  return text
    .split(/[^\d]+/)
    .filter(Boolean)
    .map(Number);
}

/** "2.50" (or "2,50") in hundredths, or null. */
export function parseLimboTarget(text: string): number | null {
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(text.trim().replace(/[x×]$/, ''));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

export function tableParamsProblem(game: TableGame, params: TableParams): string | null {
  if (game === 'keno' && keno.kenoParamsProblem({ picks: parseKenoPicks(params.kenoPicks), risk: params.kenoRisk })) {
    return 'fairness.errors.keno';
  }
  if (game === 'limbo') {
    const target = parseLimboTarget(params.limboTarget);
    if (target === null || !limbo.isValidLimboTarget(target)) return 'fairness.errors.limbo';
  }
  return null;
}

/** The outcome of a seed pair and nonce: the very code the server ran (params already checked). */
export function computeTable(game: TableGame, source: FloatSource, params: TableParams): TableOutcome {
  switch (game) {
    case 'keno': {
      const picks = parseKenoPicks(params.kenoPicks);
      const o = keno.play(source, { picks, risk: params.kenoRisk });
      return { game, drawn: o.drawn, picks, hits: o.hits, risk: params.kenoRisk };
    }
    case 'limbo': {
      const target = parseLimboTarget(params.limboTarget) ?? limbo.LIMBO_MIN_TARGET;
      const o = limbo.play(source, { target });
      return { game, result: o.result, target, win: o.win };
    }
    case 'baccarat':
      return { game, outcome: baccarat.play(source) };
    case 'bac-bo':
      return { game, outcome: bacbo.play(source) };
  }
}

type Loose = Record<string, unknown>;
const numbers = (value: unknown): number[] | null =>
  Array.isArray(value) && value.every((v) => typeof v === 'number') ? (value as number[]) : null;

/** The inputs a stored round carries (keno picks and risk, limbo target), over the defaults. */
export function tableParamsFromRecorded(game: TableGame, recorded: Loose, params: TableParams): TableParams {
  const next = { ...params };
  if (game === 'keno') {
    const picks = numbers(recorded.picks);
    if (picks) next.kenoPicks = picks.join(', ');
    if ((keno.KENO_RISKS as readonly string[]).includes(String(recorded.risk))) next.kenoRisk = recorded.risk as keno.KenoRisk;
  }
  if (game === 'limbo' && typeof recorded.target === 'number') next.limboTarget = hundredthsText(recorded.target);
  return next;
}

export const hundredthsText = (h: number) => `${Math.floor(h / 100)}.${String(h % 100).padStart(2, '0')}`;

/** Stored bets ({ type, amount_centavos } in params, { type, amount } in the result). */
function storedBets(recorded: Loose): { type: string; amount: number }[] | null {
  if (!Array.isArray(recorded.bets)) return null;
  const out: { type: string; amount: number }[] = [];
  for (const raw of recorded.bets) {
    const bet = (raw ?? {}) as Loose;
    const amount =
      typeof bet.amount_centavos === 'number'
        ? bet.amount_centavos
        : typeof bet.amount === 'string'
          ? moneyStringToCentavos(bet.amount)
          : null;
    if (typeof bet.type !== 'string' || amount === null) return null;
    out.push({ type: bet.type, amount });
  }
  return out;
}

export type TableFact = { label: string; recorded: unknown; recomputed: unknown };

/** The facts to compare for a recorded round (labels are fairness.facts.* keys). */
export function tableFacts(outcome: TableOutcome, recorded: Loose, betCentavos: number, winCentavos: number): TableFact[] {
  const money = formatCentavos;
  switch (outcome.game) {
    case 'keno':
      return [
        { label: 'drawn', recorded: numbers(recorded.drawn), recomputed: outcome.drawn },
        { label: 'hits', recorded: numbers(recorded.hits), recomputed: outcome.hits },
        {
          label: 'payout',
          recorded: money(winCentavos),
          recomputed: money(
            keno.kenoPayout(betCentavos, {
              ...outcome,
              multiplier: keno.kenoMultiplier(outcome.picks.length, outcome.risk, outcome.hits.length),
            }),
          ),
        },
      ];
    case 'limbo':
      return [
        {
          label: 'limbo_result',
          recorded: typeof recorded.result === 'number' ? hundredthsText(recorded.result) : null,
          recomputed: hundredthsText(outcome.result),
        },
        {
          label: 'payout',
          recorded: money(winCentavos),
          recomputed: money(limbo.limboPayout(betCentavos, { ...outcome, multiplier: { num: outcome.target, den: 100 } })),
        },
      ];
    case 'baccarat': {
      const o = outcome.outcome;
      const bets = storedBets(recorded);
      const codes = (value: unknown) => (Array.isArray(value) ? value.join(' ') : null);
      return [
        { label: 'player_cards', recorded: codes(recorded.player), recomputed: o.player.map(cardCode).join(' ') },
        { label: 'banker_cards', recorded: codes(recorded.banker), recomputed: o.banker.map(cardCode).join(' ') },
        {
          label: 'payout',
          recorded: money(winCentavos),
          recomputed: bets
            ? money(bets.reduce((sum, b) => sum + (baccarat.isBaccaratBet(b.type) ? baccarat.baccaratPayout(b.type, b.amount, o) : 0), 0))
            : null,
        },
      ];
    }
    case 'bac-bo': {
      const o = outcome.outcome;
      const bets = storedBets(recorded);
      return [
        { label: 'player_dice', recorded: numbers(recorded.player), recomputed: o.player },
        { label: 'banker_dice', recorded: numbers(recorded.banker), recomputed: o.banker },
        {
          label: 'payout',
          recorded: money(winCentavos),
          recomputed: bets
            ? money(bets.reduce((sum, b) => sum + (bacbo.isBacboBet(b.type) ? bacbo.bacboPayout(b.type, b.amount, o) : 0), 0))
            : null,
        },
      ];
    }
  }
}
