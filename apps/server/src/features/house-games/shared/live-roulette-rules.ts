import { liveRouletteNumberFromHash, spotOf, spotReturn } from '@casino/games/live-tables';
import * as roulette from '@casino/games/roulette';
import { centavos, formatBRL, formatCentavos } from '@casino/shared/money';
import type { HouseServerMessage } from '@casino/shared/schemas/house-games';
import type { LiveRoulettePlayerBet, LiveRouletteState } from '@casino/shared/schemas/house-live-tables';
import type { Database } from '../../../db/database.ts';
import { nowIso } from '../../../db/database.ts';
import { AppError } from '../../../lib/http.ts';
import { moneyFailure } from '../../../platform/ledger/money-failure.ts';
import { debitMany } from '../../wallet/debit-many.ts';
import { debit } from '../../wallet/wallet.service.ts';
import { checkStake, type HouseGame, playableGame, roundRefOf } from '../house-game.ts';
import { type RouletteChipInput, rouletteRefusal, toStakes } from '../instant.service.ts';
import { maskAccount, sleepUntil } from './feed.ts';
import { type ListedBet, SharedRoundGame } from './round-engine.ts';
import * as repo from './shared-rounds.repository.ts';
import type { GroupOutcome, GroupWork } from './tx-batcher.ts';

/**
 * Live roulette (issue 14): an RNG table, no video dealer. Shared rounds over /ws/live-roulette
 * like double: a betting window, then the drawn wheel spins to the number drawn from the round's
 * chain hash (packages/games live-tables.ts: floor(37 * r / 2^52)), then the round ends and pays
 * roulette.ts' payouts. A member places several chips at once (the single-player roulette's
 * body and limits); each spot is one line of shared_bets (one stake per spot and round: a second
 * chip on a spot the member already holds is ALREADY_BET) and all of a member's spots in a round
 * form one game round. A member's chips are taken together in one transaction or not at all.
 */

export interface LiveRouletteTimings {
  bettingMs: number;
  spinMs: number;
  pauseMs: number;
  chainLength: number;
}

type Snapshot = Omit<LiveRouletteState, 'server_time' | 'my_bets' | 'bets' | 'total' | 'players'>;
type History = LiveRouletteState['history'][number];

const GAME = 'live-roulette' as const;
const memberRoundUid = (sharedUid: string, memberId: number) => `${GAME}:${sharedUid}:${memberId}`;
const betTxId = (roundUid: string, spot: string) => `${roundUid}:bet:${spot}`;

type PendingChips = { game: HouseGame; member: { id: number }; spots: Map<string, number>; total: number };
type Placed = { round: repo.SharedRound; balance: number };

function publicBet(
  row: Pick<repo.SharedBetRow, 'account' | 'choice' | 'stake_centavos' | 'win_centavos' | 'status'>,
): LiveRoulettePlayerBet {
  return {
    player: maskAccount(row.account),
    spot: row.choice,
    type: row.choice.split(':')[0] as string,
    amount: formatCentavos(row.stake_centavos),
    win: row.status === 'open' ? null : formatCentavos(row.win_centavos),
  };
}

export class LiveRouletteGame extends SharedRoundGame<Snapshot, LiveRoulettePlayerBet, History, LiveRouletteTimings> {
  readonly game = GAME;
  readonly drawStatus = 'spinning';
  /** The table's total and player count change with every bet. */
  readonly newsOnEveryBet = true;

  resultOf(hash: string, salt: string): number {
    return liveRouletteNumberFromHash(hash, salt);
  }

  // ---- what every process shows ----------------------------------------------------------------

  betKey(row: Pick<repo.SharedBetRow, 'member_id' | 'choice'>): string {
    return `${row.member_id}:${row.choice}`;
  }

  publicBet(row: Parameters<typeof publicBet>[0]): LiveRoulettePlayerBet {
    return publicBet(row);
  }

  historyOf(round: { id: number; hash: string; result: number }): History {
    return { round_id: round.id, number: round.result, color: roulette.rouletteColor(round.result), hash: round.hash };
  }

  extras(lines: Iterable<ListedBet<LiveRoulettePlayerBet>>) {
    return this.totals(lines);
  }

  private totals(lines: Iterable<ListedBet<LiveRoulettePlayerBet>>) {
    let total = 0;
    const players = new Set<string>();
    for (const { key, stake } of lines) {
      total += stake;
      players.add(key.split(':')[0] as string);
    }
    return { total: formatCentavos(total), players: players.size };
  }

  snapshotOf(round: repo.SharedRound, terminatingHash: string, history: History[]): Snapshot {
    const shown = round.status === 'ended';
    const startedAt = round.started_at ? Date.parse(round.started_at) : null;
    const spinning = round.status === 'spinning';
    return {
      round_id: round.id,
      phase: round.status === 'betting' ? 'betting' : spinning ? 'spinning' : 'ended',
      betting_ends_at: Date.parse(round.betting_ends_at),
      spin_ends_at: startedAt === null ? null : startedAt + this.timings.spinMs,
      // The wheel needs its target when it starts to spin (as double's): bets are closed then.
      number: shown || spinning ? round.result : null,
      color: shown || spinning ? roulette.rouletteColor(round.result) : null,
      hash: shown ? round.hash : null,
      history,
      terminating_hash: terminatingHash,
    };
  }

  stateMessage(state: LiveRouletteState): HouseServerMessage {
    return { type: 'live-roulette.state', data: state } as unknown as HouseServerMessage;
  }

  news(roundId: number, newBets: LiveRoulettePlayerBet[]): HouseServerMessage[] {
    const data = { round_id: roundId, bets: newBets, ...this.totals(this.engine.bets.values()) };
    return [{ type: 'live-roulette.bets', data } as unknown as HouseServerMessage];
  }

  /** GET API.house.liveRouletteState (and a socket's first message), with the member's own spots. */
  async state(memberId?: number): Promise<LiveRouletteState> {
    const { state, mine } = await this.engine.state(memberId);
    const full = state as LiveRouletteState;
    if (memberId === undefined) return full;
    return {
      ...full,
      my_bets: mine.map((b) => ({
        spot: b.choice,
        type: b.choice.split(':')[0] as string,
        amount: formatCentavos(b.stake_centavos),
        win: b.status === 'open' ? null : formatCentavos(b.win_centavos),
      })),
    };
  }

  // ---- bets (any process) ----------------------------------------------------------------------

  /**
   * Takes a member's chips in the betting window, all in one transaction: the table's limits
   * (per chip, per spot, per round with the member's earlier spots), the catalogue's limits on the
   * total, the window checked on the locked round row, one debit per spot.
   */
  async bet(member: { id: number; account: string }, chips: RouletteChipInput[]) {
    const game = await playableGame(this.kit.ctx, GAME, { recent: true });
    const stakes = toStakes(chips);
    const problem = roulette.validateRouletteStakes(stakes);
    if (problem) throw rouletteRefusal(problem, stakes);
    // Chips on the same spot become one stake.
    const spots = new Map<string, number>();
    for (const { bet, amountCentavos } of stakes) spots.set(spotOf(bet), (spots.get(spotOf(bet)) ?? 0) + amountCentavos);
    const total = [...spots.values()].reduce((sum, v) => sum + v, 0);
    checkStake(game, total, 'bets');

    const placed = await this.kit.batcher
      .runGrouped<PendingChips, Placed>(`bet:${GAME}`, { game, member, spots, total }, this.betting)
      .catch((error) => {
        throw moneyFailure(error, 'bets');
      });
    const items = [...spots.entries()].map(([spot, stake]) => ({
      key: this.betKey({ member_id: member.id, choice: spot }),
      bet: publicBet({ account: member.account, choice: spot, stake_centavos: stake, win_centavos: 0, status: 'open' }),
      stake,
    }));
    this.engine.publish({ kind: 'bets', round_id: placed.round.id, items });
    this.kit.balances.push(member.id);
    return {
      round_id: placed.round.id,
      bets: [...spots.entries()].map(([spot, stake]) => ({ spot, type: spot.split(':')[0] as string, amount: formatCentavos(stake) })),
      amount: formatCentavos(total),
      balance: formatCentavos(placed.balance),
    };
  }

  /**
   * The bodies that arrive together, in one transaction and a few statements: the round locked
   * once, the members' earlier spots read in one statement, every spot's stake debited by the
   * wallet's debitMany (a member's spots together or none) and the lines written in one insert.
   * A member with spots already in the round (the round's total limit counts them) or a second
   * body in the batch, and a body the wallet sends back, go `alone` through place.
   */
  private readonly betting: GroupWork<PendingChips, Placed> = {
    together: (trx, items) => this.placeMany(trx, items),
    alone: (trx, item) => this.place(trx, item),
    fellBack: (error, items) => this.kit.ctx.log.warn({ err: error, items }, 'live roulette bets taken one by one'),
  };

  private async placeMany(trx: Database, items: PendingChips[]): Promise<GroupOutcome<Placed>[]> {
    const round = await repo.lockBettingRound(trx, this.kit.ctx.dialect, GAME);
    if (!round || Date.now() >= Date.parse(round.betting_ends_at)) {
      return items.map(() => ({ ok: false, error: new AppError('BETTING_CLOSED') }));
    }
    const outcomes: GroupOutcome<Placed>[] = items.map(() => ({ ok: 'alone' }));
    const first = new Map<number, number>();
    items.forEach((item, i) => {
      if (!first.has(item.member.id)) first.set(item.member.id, i);
    });
    const held = new Set([...(await repo.choicesOfMembers(trx, round.id, [...first.keys()]))].map((key) => Number(key.split(':')[0])));
    const limit = (game: HouseGame) => Math.min(roulette.ROULETTE_LIMITS.maxTotalCentavos, game.maxBetCentavos);
    const bodies = [...first.values()]
      .map((index) => ({ index, item: items[index] as PendingChips }))
      .filter(({ item }) => !held.has(item.member.id) && item.total <= limit(item.game));
    const stakes = bodies.flatMap(({ index, item }) => {
      const roundUid = memberRoundUid(round.uid, item.member.id);
      return [...item.spots].map(([spot, stake]) => ({ index, item, roundUid, spot, stake }));
    });
    const debits = await debitMany(
      trx,
      stakes.map(({ item, roundUid, spot, stake }) => ({
        round: roundRefOf(item.game, item.member.id, roundUid),
        input: { txId: betTxId(roundUid, spot), amountCentavos: centavos(stake), outcome: { game: GAME, shared_round_id: round.id } },
      })),
    );
    const now = nowIso();
    const lines: Parameters<typeof repo.insertBets>[1][number][] = [];
    const answers = new Map<number, (typeof debits)[number][]>();
    stakes.forEach(({ index }, k) => {
      answers.set(index, [...(answers.get(index) ?? []), debits[k] as (typeof debits)[number]]);
    });
    for (const [index, debited] of answers) {
      // A member's spots are answered alike (debitMany takes them together or none).
      if (debited.every((d) => d.ok === 'alone')) continue;
      const refused = debited.find((d) => d.ok === false);
      if (refused && debited.every((d) => d.ok === false)) {
        outcomes[index] = refused;
        continue;
      }
      if (!debited.every((d) => d.ok === true)) throw new Error('live roulette: a body half taken');
      const last = debited[debited.length - 1] as { ok: true; done: { balanceCentavos: number } };
      // The body's balance: after its last spot.
      outcomes[index] = { ok: true, value: { round, balance: last.done.balanceCentavos } };
    }
    for (const { index, item, roundUid, spot, stake } of stakes) {
      if (outcomes[index]?.ok !== true) continue;
      lines.push({
        round_id: round.id,
        member_id: item.member.id,
        game_round_uid: roundUid,
        choice: spot,
        stake_centavos: stake,
        auto_cashout_x100: null,
        created_at: now,
      });
    }
    // A line written meanwhile by another process: the batch is undone and every body runs alone.
    if ((await repo.insertBets(trx, lines)) !== lines.length) throw new Error('a live roulette spot of the batch was placed meanwhile');
    return outcomes;
  }

  private async place(trx: Database, { game, member, spots, total }: PendingChips): Promise<Placed> {
    const round = await repo.lockBettingRound(trx, this.kit.ctx.dialect, GAME);
    if (!round || Date.now() >= Date.parse(round.betting_ends_at)) throw new AppError('BETTING_CLOSED');
    const earlier = await repo.memberBets(trx, round.id, member.id);
    if (earlier.some((b) => spots.has(b.choice))) throw new AppError('ALREADY_BET');
    const before = earlier.reduce((sum, b) => sum + b.stake_centavos, 0);
    const limit = Math.min(roulette.ROULETTE_LIMITS.maxTotalCentavos, game.maxBetCentavos);
    if (before + total > limit) {
      throw new AppError('BET_ABOVE_MAX', {
        fieldErrors: { bets: ['games.roulette_total_above_max'] },
        messageValues: (lang: string) => ({ amount: formatBRL(limit, lang) }),
      });
    }
    const roundUid = memberRoundUid(round.uid, member.id);
    let balance = 0;
    for (const [spot, stake] of spots) {
      const inserted = await repo.insertBet(trx, {
        round_id: round.id,
        member_id: member.id,
        game_round_uid: roundUid,
        choice: spot,
        stake_centavos: stake,
        auto_cashout_x100: null,
        created_at: nowIso(),
      });
      if (!inserted) throw new AppError('ALREADY_BET');
      const debited = await debit(trx, roundRefOf(game, member.id, roundUid), {
        txId: betTxId(roundUid, spot),
        amountCentavos: centavos(stake),
        outcome: { game: GAME, shared_round_id: round.id },
      });
      balance = debited.balanceCentavos;
    }
    return { round, balance };
  }

  // ---- the rounds (leader only) ----------------------------------------------------------------

  refundIds(bet: repo.SharedBetRow): { txId: string; refTxId: string } {
    return { txId: `${bet.game_round_uid}:refund:${bet.choice}`, refTxId: betTxId(bet.game_round_uid, bet.choice) };
  }

  async draw(_game: HouseGame | undefined, round: repo.SharedRound, signal: AbortSignal): Promise<void> {
    await sleepUntil(Date.parse(round.started_at as string) + this.timings.spinMs, signal);
  }

  /** Pays every member's spots of an ended round: one credit (or loss) per member's game round. */
  async settle(game: HouseGame, round: repo.SharedRound, open: repo.SharedBetRow[]): Promise<void> {
    const n = round.result;
    await this.settleByMember(
      game,
      round,
      open,
      (bet) => spotReturn(bet.choice, bet.stake_centavos, n),
      (lines) => ({
        number: n,
        color: roulette.rouletteColor(n),
        bets: lines.map(({ bet, win }) => ({ spot: bet.choice, bet_centavos: bet.stake_centavos, win_centavos: win })),
      }),
    );
  }
}
