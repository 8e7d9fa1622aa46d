import { randomUUID } from 'node:crypto';
import { doubleColor, doublePayout, doubleRollFromHash } from '@casino/games/double';
import { formatCentavos } from '@casino/shared/money';
import type { DoubleColor, DoubleState } from '@casino/shared/schemas/house-games';
import { nowIso } from '../../../db/database.ts';
import { AppError } from '../../../lib/http.ts';
import { credit, debit, settleLost } from '../../wallet/wallet.service.ts';
import { checkStake, expectOk, type HouseGame, loadHouseGame, playableGame, roundRefOf, walletError } from '../house-game.ts';
import type { GameContext } from '../house-game.ts';
import type { BalancePushes } from './balance-pushes.ts';
import type { Broadcast, BusMessage } from './broadcast.ts';
import type { RandomnessBeacon } from './beacon.ts';
import { ChainCursor } from './chain.ts';
import { maskAccount, SocketFeed, sleepUntil } from './feed.ts';
import { refundOpenBets } from './refunds.ts';
import * as repo from './shared-rounds.repository.ts';
import type { TxBatcher } from './tx-batcher.ts';

/**
 * Double (the Blaze-style wheel): shared rounds over /ws/double. Betting window, then the wheel
 * spins to the roll drawn from the round's chain hash (0 white pays 14x, 1-7 red and 8-14 black
 * pay 2x), then the round ends and pays. A member may bet on several colours in one round (one
 * stake per colour); all of a member's stakes in a round form one game round. Bets are taken by
 * any process; the leader runs the wheel. The same restart rule as crash: a round a stopped
 * leader left unfinished is cancelled and its open bets are refunded.
 */

export interface DoubleTimings {
  bettingMs: number;
  spinMs: number;
  pauseMs: number;
  chainLength: number;
}

type PublicBet = DoubleState['bets'][number];
type Snapshot = Omit<DoubleState, 'server_time' | 'my_bets' | 'bets' | 'totals'>;
type Entry = { bet: PublicBet; stake: number };

const HISTORY = 20;
const STATE_BETS = 200;
const FLUSH_MS = 100;

const memberRoundUid = (sharedUid: string, memberId: number) => `double:${sharedUid}:${memberId}`;
const betTxId = (roundUid: string, color: string) => `${roundUid}:bet:${color}`;

function publicBet(row: Pick<repo.SharedBetRow, 'account' | 'choice' | 'stake_centavos' | 'win_centavos' | 'status'>): PublicBet {
  return {
    player: maskAccount(row.account),
    color: row.choice as DoubleColor,
    amount: formatCentavos(row.stake_centavos),
    win: row.status === 'open' ? null : formatCentavos(row.win_centavos),
  };
}

export class DoubleGame {
  readonly feed = new SocketFeed();
  private snapshot: Snapshot | undefined;
  private readonly bets = new Map<string, Entry>();
  /** Lines the screens show this round (at most STATE_BETS): only their news is sent. */
  private listed = new Set<string>();
  private pending: PublicBet[] = [];
  private flushTimer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly ctx: GameContext,
    private readonly bus: Broadcast,
    private readonly batcher: TxBatcher,
    private readonly balances: BalancePushes,
    readonly timings: DoubleTimings,
    /** Where the salts of new chains come from (chain.ts). */
    private readonly beacon: RandomnessBeacon,
  ) {}

  start(): void {
    this.unsubscribe = this.bus.subscribe('double', (message) => this.onBus(message));
  }

  stop(): void {
    this.unsubscribe?.();
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.feed.closeAll();
  }

  // ---- what every process shows ----------------------------------------------------------------

  private totals() {
    const sums: Record<DoubleColor, number> = { red: 0, black: 0, white: 0 };
    for (const { bet, stake } of this.bets.values()) sums[bet.color] += stake;
    return { red: formatCentavos(sums.red), black: formatCentavos(sums.black), white: formatCentavos(sums.white) };
  }

  private onBus(message: BusMessage): void {
    if (message.kind === 'state') {
      const { state, bets } = message as unknown as { state: Snapshot; bets: { key: string; bet: PublicBet; stake: number }[] };
      this.snapshot = state;
      this.bets.clear();
      for (const { key, bet, stake } of bets) this.bets.set(key, { bet, stake });
      this.listed = new Set(this.topKeys());
      this.pending = [];
      this.feed.broadcast({ type: 'double.state', data: this.publicState() });
      return;
    }
    if (message.kind === 'bets') {
      const { round_id: roundId, items } = message as unknown as {
        round_id: number;
        items: { key: string; bet: PublicBet; stake: number }[];
      };
      if (this.snapshot?.round_id !== roundId) return;
      for (const { key, bet, stake } of items) {
        this.bets.set(key, { bet, stake });
        if (this.listed.size < STATE_BETS && !this.listed.has(key)) {
          this.listed.add(key);
          this.pending.push(bet);
        }
      }
      // Totals change with every bet, so a flush goes out even when the list is full.
      if (!this.flushTimer) {
        this.flushTimer = setTimeout(() => {
          this.flushTimer = undefined;
          const id = this.snapshot?.round_id;
          if (id !== undefined) {
            this.feed.broadcast({ type: 'double.bets', data: { round_id: id, bets: this.pending, totals: this.totals() } });
          }
          this.pending = [];
        }, FLUSH_MS);
      }
    }
  }

  private topKeys(): string[] {
    return [...this.bets.entries()]
      .sort((a, b) => b[1].stake - a[1].stake)
      .slice(0, STATE_BETS)
      .map(([key]) => key);
  }

  private publicState(): DoubleState {
    if (!this.snapshot) throw new Error('no double round yet');
    const bets = this.topKeys().map((key) => (this.bets.get(key) as Entry).bet);
    return { ...this.snapshot, server_time: Date.now(), bets, totals: this.totals() };
  }

  private snapshotOf(round: repo.SharedRound, terminatingHash: string, history: DoubleState['history']): Snapshot {
    const shown = round.status === 'spinning' || round.status === 'ended';
    const startedAt = round.started_at ? Date.parse(round.started_at) : null;
    return {
      round_id: round.id,
      phase: round.status === 'betting' ? 'betting' : round.status === 'spinning' ? 'spinning' : 'ended',
      betting_ends_at: Date.parse(round.betting_ends_at),
      spin_ends_at: startedAt === null ? null : startedAt + this.timings.spinMs,
      roll: shown ? round.result : null,
      color: shown ? doubleColor(round.result) : null,
      hash: round.status === 'ended' ? round.hash : null,
      history,
      terminating_hash: terminatingHash,
    };
  }

  private async loadSnapshot(): Promise<void> {
    const round = await repo.latestRound(this.ctx.db, 'double');
    if (!round) return;
    const [chain, bets, history] = await Promise.all([
      repo.findChain(this.ctx.db, round.chain_id),
      repo.betsOfRound(this.ctx.db, round.id),
      repo.endedRounds(this.ctx.db, 'double', HISTORY),
    ]);
    if (this.snapshot) return;
    this.snapshot = this.snapshotOf(
      round,
      chain?.terminating_hash ?? '',
      history.map((h) => ({ round_id: h.id, roll: h.result, color: doubleColor(h.result), hash: h.hash })),
    );
    this.bets.clear();
    for (const bet of bets) this.bets.set(`${bet.member_id}:${bet.choice}`, { bet: publicBet(bet), stake: bet.stake_centavos });
    this.listed = new Set(this.topKeys());
  }

  /** GET API.house.doubleState (and a socket's first message), with the member's own stakes. */
  async state(memberId?: number): Promise<DoubleState> {
    if (!this.snapshot) await this.loadSnapshot();
    if (!this.snapshot) throw new AppError('ROUND_NOT_FOUND');
    const state = this.publicState();
    if (memberId === undefined) return state;
    const mine = await repo.memberBets(this.ctx.db, state.round_id, memberId);
    return {
      ...state,
      my_bets: mine.map((b) => ({
        color: b.choice as DoubleColor,
        amount: formatCentavos(b.stake_centavos),
        win: b.status === 'open' ? null : formatCentavos(b.win_centavos),
      })),
    };
  }

  // ---- bets (any process) ----------------------------------------------------------------------

  async bet(member: { id: number; account: string }, input: { amount: number; color: DoubleColor }) {
    const game = await playableGame(this.ctx, 'double', { recent: true });
    checkStake(game, input.amount);
    const placed = await this.batcher
      .run(async (trx) => {
        const round = await repo.lockBettingRound(trx, this.ctx.dialect, 'double');
        if (!round || Date.now() >= Date.parse(round.betting_ends_at)) throw new AppError('BETTING_CLOSED');
        const roundUid = memberRoundUid(round.uid, member.id);
        const bet = await repo.insertBet(trx, {
          round_id: round.id,
          member_id: member.id,
          game_round_uid: roundUid,
          choice: input.color,
          stake_centavos: input.amount,
          auto_cashout_x100: null,
          created_at: nowIso(),
        });
        if (!bet) throw new AppError('ALREADY_BET');
        const outcome = { game: 'double', shared_round_id: round.id };
        const debited = expectOk(
          await debit(trx, roundRefOf(game, member.id, roundUid), {
            txId: betTxId(roundUid, input.color),
            amountCentavos: input.amount,
            outcome,
          }),
        );
        return { round, balance: debited.balanceCentavos };
      })
      .catch((error) => {
        throw walletError(error);
      });
    const bet = publicBet({ account: member.account, choice: input.color, stake_centavos: input.amount, win_centavos: 0, status: 'open' });
    this.bus.publish('double', {
      kind: 'bets',
      round_id: placed.round.id,
      items: [{ key: `${member.id}:${input.color}`, bet, stake: input.amount }],
    });
    this.balances.push(member.id);
    return { round_id: placed.round.id, color: input.color, amount: formatCentavos(input.amount), balance: formatCentavos(placed.balance) };
  }

  // ---- the rounds (leader only) ----------------------------------------------------------------

  async lead(signal: AbortSignal): Promise<void> {
    const game = await loadHouseGame(this.ctx, 'double');
    for (const round of await repo.unfinishedRounds(this.ctx.db, 'double')) await this.cancelRound(game, round);
    const cursor = new ChainCursor(this.ctx.db, 'double', this.timings.chainLength, this.beacon, this.ctx.log);
    const history = (await repo.endedRounds(this.ctx.db, 'double', HISTORY)).map((h) => ({
      round_id: h.id,
      roll: h.result,
      color: doubleColor(h.result),
      hash: h.hash,
    }));
    try {
      while (!signal.aborted) await this.playRound(cursor, history, signal);
    } catch (error) {
      if (!signal.aborted) throw error; // stopping while a chain waits for its beacon round is no failure
    } finally {
      await cursor.settled();
    }
  }

  private async cancelRound(game: HouseGame | undefined, round: repo.SharedRound): Promise<void> {
    if (!(await repo.moveRound(this.ctx.db, round.id, round.status, 'cancelled', { ended_at: nowIso() }))) return;
    if (game) {
      await refundOpenBets(this.ctx, this.batcher, this.balances, game, round.id, (bet) => ({
        txId: `${bet.game_round_uid}:refund:${bet.choice}`,
        refTxId: betTxId(bet.game_round_uid, bet.choice),
      }));
    }
  }

  private async publishState(round: repo.SharedRound, terminatingHash: string, history: DoubleState['history']) {
    const rows = await repo.betsOfRound(this.ctx.db, round.id);
    this.bus.publish('double', {
      kind: 'state',
      state: this.snapshotOf(round, terminatingHash, history),
      bets: rows.map((row) => ({ key: `${row.member_id}:${row.choice}`, bet: publicBet(row), stake: row.stake_centavos })),
    });
  }

  private async playRound(cursor: ChainCursor, history: DoubleState['history'], signal: AbortSignal): Promise<void> {
    const game = await loadHouseGame(this.ctx, 'double');
    const { chain, index, hash } = await cursor.next(signal);
    const roll = doubleRollFromHash(hash, chain.salt);
    const openedAt = Date.now();
    let round = await repo.insertRound(this.ctx.db, {
      game: 'double',
      uid: randomUUID(),
      chain_id: chain.id,
      chain_index: index,
      hash,
      result: roll,
      betting_ends_at: new Date(openedAt + this.timings.bettingMs).toISOString(),
      created_at: nowIso(),
    });
    await this.publishState(round, chain.terminating_hash, history);

    await sleepUntil(openedAt + this.timings.bettingMs, signal);
    if (signal.aborted) return this.cancelRound(game, round);
    // Closing the window waits for bets still in flight; the wheel starts once it is closed.
    if (!(await repo.moveRound(this.ctx.db, round.id, 'betting', 'spinning'))) return;
    const startedAt = Date.now();
    await repo.setRoundStart(this.ctx.db, round.id, new Date(startedAt).toISOString());
    round = { ...round, status: 'spinning', started_at: new Date(startedAt).toISOString() };
    await this.publishState(round, chain.terminating_hash, history);

    await sleepUntil(startedAt + this.timings.spinMs, signal);
    if (signal.aborted) return this.cancelRound(game, round);
    await repo.moveRound(this.ctx.db, round.id, 'spinning', 'ended', { ended_at: nowIso() });
    round = { ...round, status: 'ended' };
    if (game) await this.settle(game, round);
    history.unshift({ round_id: round.id, roll, color: doubleColor(roll), hash });
    history.splice(HISTORY);
    await this.publishState(round, chain.terminating_hash, history);
    await sleepUntil(Date.now() + this.timings.pauseMs, signal);
  }

  /** Pays every member's stakes of an ended round: one credit (or loss) per member's game round. */
  private async settle(game: HouseGame, round: repo.SharedRound): Promise<void> {
    const open = (await repo.betsOfRound(this.ctx.db, round.id)).filter((b) => b.status === 'open');
    const byMember = new Map<number, repo.SharedBetRow[]>();
    for (const bet of open) byMember.set(bet.member_id, [...(byMember.get(bet.member_id) ?? []), bet]);
    const roll = round.result;
    const results = await Promise.allSettled(
      [...byMember.entries()].map(([memberId, bets]) =>
        this.batcher.run(async (trx) => {
          let total = 0;
          for (const bet of bets) {
            const win = doublePayout(bet.stake_centavos, bet.choice as DoubleColor, roll);
            if (!(await repo.settleBet(trx, bet.id, { status: win > 0 ? 'won' : 'lost', win_centavos: win, settled_at: nowIso() })))
              continue;
            total += win;
          }
          const roundUid = bets[0]?.game_round_uid as string;
          const outcome = {
            game: 'double',
            shared_round_id: round.id,
            roll,
            color: doubleColor(roll),
            bets: bets.map((b) => ({
              color: b.choice,
              bet_centavos: b.stake_centavos,
              win_centavos: doublePayout(b.stake_centavos, b.choice as DoubleColor, roll),
            })),
          };
          const ref = roundRefOf(game, memberId, roundUid);
          if (total > 0) expectOk(await credit(trx, ref, { txId: `${roundUid}:win`, amountCentavos: total, outcome }));
          else await settleLost(trx, ref, outcome);
          return total;
        }),
      ),
    );
    const members = [...byMember.keys()];
    results.forEach((result, i) => {
      if (result.status === 'rejected') this.ctx.log.error({ err: result.reason, member: members[i] }, 'double settlement failed');
    });
    results.forEach((result, i) => {
      if (result.status === 'fulfilled' && result.value > 0) this.balances.push(members[i] as number);
    });
  }
}
