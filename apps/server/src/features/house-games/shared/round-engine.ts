import { randomUUID } from 'node:crypto';
import { centavos } from '@casino/shared/money';
import type { HouseServerMessage } from '@casino/shared/schemas/house-games';
import type { Database } from '../../../db/database.ts';
import { nowIso } from '../../../db/database.ts';
import { AppError } from '../../../lib/http.ts';
import { moneyFailure } from '../../../platform/ledger/money-failure.ts';
import { debitMany } from '../../wallet/debit-many.ts';
import { credit, debit, settleLost } from '../../wallet/wallet.service.ts';
import { checkStake, type GameContext, type HouseGame, loadHouseGame, playableGame, roundRefOf } from '../house-game.ts';
import type { BalancePushes } from './balance-pushes.ts';
import type { RandomnessBeacon } from './beacon.ts';
import type { Broadcast, BusMessage } from './broadcast.ts';
import { ChainCursor } from './chain.ts';
import { SocketFeed, sleepUntil } from './feed.ts';
import { refundOpenBets } from './refunds.ts';
import * as repo from './shared-rounds.repository.ts';
import type { GroupOutcome, GroupWork, TxBatcher } from './tx-batcher.ts';

/**
 * One engine for every shared-round game (crash and double today; bingo and the live tables
 * next): the lifecycle they all share, with each game's rules plugged in (`SharedRoundRules`).
 *
 * - Every process: the feed of its sockets, fed from the bus (`state` replaces the round, `bets`
 *   adds lines; a game's own news such as crash's ticks goes to its rules), with the live list
 *   kept to the STATE_BETS largest stakes and news flushed at most once per FLUSH_MS.
 * - Any process: a bet taken in the betting window (the window checked against the round row
 *   inside the bet's transaction, the stake debited through the wallet in the same transaction).
 * - The leader: rounds drawn from the game's hash chain, each a betting window, a draw over time
 *   (the game's `draw`: crash's rising curve, double's spin) and settlement (the game's `settle`),
 *   then a pause. Restart rule: a round a stopped leader left unfinished (in its window or its
 *   draw) is cancelled by the next leader and every bet still open in it is refunded.
 */

/** What every shared-round game has: the process's bus, money batcher, balance pushes, beacon. */
export interface RoundKit {
  ctx: GameContext;
  bus: Broadcast;
  batcher: TxBatcher;
  balances: BalancePushes;
  /** Where the salts of new chains come from (chain.ts). */
  beacon: RandomnessBeacon;
}

export interface RoundTimings {
  bettingMs: number;
  pauseMs: number;
  chainLength: number;
}

/** A line of the live list with its stake (the list keeps the largest stakes). */
export type ListedBet<Bet> = { key: string; bet: Bet; stake: number };

/** The public view of a round (without the time, the bets and the member's own bets). */
export interface RoundSnapshot {
  round_id: number;
}

export interface SharedRoundRules<Snapshot extends RoundSnapshot, Bet, History> {
  readonly game: repo.SharedGame;
  /** The status of a round while it is drawn ('running', 'spinning'): after betting, before ended. */
  readonly drawStatus: string;
  readonly timings: RoundTimings;
  /** The result (crash point, roll) drawn from a chain hash and its salt. */
  resultOf(hash: string, salt: string): number;

  // ---- the view ----
  /** The key of a bet's line: one per member in crash, one per member and colour in double. */
  betKey(row: Pick<repo.SharedBetRow, 'member_id' | 'choice'>): string;
  publicBet(
    row: Pick<
      repo.SharedBetRow,
      'account' | 'choice' | 'stake_centavos' | 'auto_cashout_x100' | 'cashout_x100' | 'win_centavos' | 'status'
    >,
  ): Bet;
  historyOf(round: { id: number; hash: string; result: number }): History;
  snapshotOf(round: repo.SharedRound, terminatingHash: string, history: History[]): Snapshot;
  /** Fields a game adds to its public state from every bet (double's totals per colour). */
  extras?(bets: Iterable<ListedBet<Bet>>): Record<string, unknown>;
  stateMessage(state: Snapshot & { server_time: number; bets: Bet[] }): HouseServerMessage;
  /** The news of a flush: the new lines of the list, and whatever the game gathered itself. */
  news(roundId: number, newBets: Bet[]): HouseServerMessage[];
  /** Whether a bet that adds no line still sends news (double's totals change with every bet). */
  readonly newsOnEveryBet: boolean;
  /** A bus message the engine does not know (crash's ticks and cash-outs). */
  onMessage?(message: BusMessage, view: RoundView<Snapshot, Bet>): void;
  /** A new round replaced the view: news gathered for the old one is dropped. */
  onState?(): void;

  // ---- the leader ----
  /** The draw just started (status `drawStatus`, started_at set), before its state is published. */
  beginDraw?(round: repo.SharedRound): Promise<void>;
  /** The draw over time; returns when it is over or the signal aborted (the engine then cancels). */
  draw(game: HouseGame | undefined, round: repo.SharedRound, signal: AbortSignal): Promise<void>;
  /** The round has ended (before settlement). */
  ended?(round: repo.SharedRound): void;
  /** Settles the bets still open in an ended round. */
  settle(game: HouseGame, round: repo.SharedRound, open: repo.SharedBetRow[]): Promise<void>;
  /** The wallet ids of the refund of an open bet of a cancelled round. */
  refundIds(bet: repo.SharedBetRow): { txId: string; refTxId: string };
}

/** A bet as a game asks for it (crash's bet, double's bet on a colour). */
export interface BetRequest {
  choice: string;
  amountCentavos: number;
  autoCashoutX100?: number | null;
  /** The game's own checks of the input, after the stake's. */
  validate?(): void;
  /** The game round of the member in this shared round, and the wallet id of this stake. */
  roundUid(sharedUid: string): string;
  txId(roundUid: string): string;
  outcome(round: repo.SharedRound): Record<string, unknown>;
}

type PendingBet = { member: { id: number; account: string }; bet: BetRequest; game: HouseGame };
type PlacedBet = { round: repo.SharedRound; balance: number };

const HISTORY = 20;
const STATE_BETS = 200;
const FLUSH_MS = 100;

/** What a game's rules see of the view every process keeps. */
export interface RoundView<Snapshot, Bet> {
  readonly feed: SocketFeed;
  snapshot: Snapshot | undefined;
  readonly bets: Map<string, ListedBet<Bet>>;
  /** Whether a line is in the live list the screens show. */
  listed(key: string): boolean;
  scheduleFlush(): void;
}

export class SharedRoundEngine<Snapshot extends RoundSnapshot, Bet, History> implements RoundView<Snapshot, Bet> {
  readonly feed = new SocketFeed();
  snapshot: Snapshot | undefined;
  readonly bets = new Map<string, ListedBet<Bet>>();
  /** Lines the screens show this round (at most STATE_BETS): only their news is sent. */
  private listedKeys = new Set<string>();
  private pendingBets: Bet[] = [];
  private flushTimer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;

  constructor(
    readonly kit: RoundKit,
    private readonly rules: SharedRoundRules<Snapshot, Bet, History>,
  ) {}

  private get ctx(): GameContext {
    return this.kit.ctx;
  }

  start(): void {
    this.unsubscribe = this.kit.bus.subscribe(this.rules.game, (message) => this.onBus(message));
  }

  stop(): void {
    this.unsubscribe?.();
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.feed.closeAll();
  }

  publish(message: BusMessage): void {
    this.kit.bus.publish(this.rules.game, message);
  }

  // ---- what every process shows ----------------------------------------------------------------

  listed(key: string): boolean {
    return this.listedKeys.has(key);
  }

  private onBus(message: BusMessage): void {
    if (message.kind === 'state') {
      const { state, bets } = message as unknown as { state: Snapshot; bets: ListedBet<Bet>[] };
      this.snapshot = state;
      this.bets.clear();
      for (const line of bets) this.bets.set(line.key, line);
      this.listedKeys = new Set(this.topKeys());
      this.pendingBets = [];
      this.rules.onState?.();
      this.feed.broadcast(this.rules.stateMessage(this.publicState()));
      return;
    }
    if (message.kind === 'bets') {
      const { round_id: roundId, items } = message as unknown as { round_id: number; items: ListedBet<Bet>[] };
      if (this.snapshot?.round_id !== roundId) return;
      for (const line of items) {
        this.bets.set(line.key, line);
        // The live list holds STATE_BETS lines: a thousand players do not each make every
        // socket carry a thousand lines (the next state message has the largest stakes).
        if (this.listedKeys.size < STATE_BETS && !this.listedKeys.has(line.key)) {
          this.listedKeys.add(line.key);
          this.pendingBets.push(line.bet);
        }
      }
      if (this.pendingBets.length > 0 || this.rules.newsOnEveryBet) this.scheduleFlush();
      return;
    }
    this.rules.onMessage?.(message, this);
  }

  /** News goes out together, at most once per FLUSH_MS. */
  scheduleFlush(): void {
    if (this.flushTimer) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = undefined;
      const roundId = this.snapshot?.round_id;
      if (roundId === undefined) return;
      for (const message of this.rules.news(roundId, this.pendingBets)) this.feed.broadcast(message);
      this.pendingBets = [];
    }, FLUSH_MS);
  }

  /** The keys of the largest stakes, as many as the list shows. */
  private topKeys(): string[] {
    return [...this.bets.entries()]
      .sort((a, b) => b[1].stake - a[1].stake)
      .slice(0, STATE_BETS)
      .map(([key]) => key);
  }

  publicState(): Snapshot & { server_time: number; bets: Bet[] } {
    if (!this.snapshot) throw new Error(`no ${this.rules.game} round yet`);
    const bets = this.topKeys().map((key) => (this.bets.get(key) as ListedBet<Bet>).bet);
    return { ...this.snapshot, server_time: Date.now(), bets, ...this.rules.extras?.(this.bets.values()) };
  }

  private lineOf(row: repo.SharedBetRow): ListedBet<Bet> {
    return { key: this.rules.betKey(row), bet: this.rules.publicBet(row), stake: row.stake_centavos };
  }

  /** Builds the snapshot from the database (a process that has not heard a state message yet). */
  private async loadSnapshot(): Promise<void> {
    const round = await repo.latestRound(this.ctx.db, this.rules.game);
    if (!round) return;
    const [chain, bets, history] = await Promise.all([
      repo.findChain(this.ctx.db, round.chain_id),
      repo.betsOfRound(this.ctx.db, round.id),
      repo.endedRounds(this.ctx.db, this.rules.game, HISTORY),
    ]);
    if (this.snapshot) return; // a state message arrived meanwhile: it is newer
    this.snapshot = this.rules.snapshotOf(
      round,
      chain?.terminating_hash ?? '',
      history.map((h) => this.rules.historyOf(h)),
    );
    this.bets.clear();
    for (const bet of bets) {
      const line = this.lineOf(bet);
      this.bets.set(line.key, line);
    }
    this.listedKeys = new Set(this.topKeys());
  }

  /** The public state of the round (GET ...State and a socket's first message), with the member's bets. */
  async state(
    memberId?: number,
  ): Promise<{ state: Snapshot & { server_time: number; bets: Bet[] }; mine: Awaited<ReturnType<typeof repo.memberBets>> }> {
    if (!this.snapshot) await this.loadSnapshot();
    if (!this.snapshot) throw new AppError('ROUND_NOT_FOUND');
    const state = this.publicState();
    const mine = memberId === undefined ? [] : await repo.memberBets(this.ctx.db, state.round_id, memberId);
    return { state, mine };
  }

  // ---- bets (any process) ----------------------------------------------------------------------

  /**
   * Takes a bet for the round in its betting window: the stake is debited in the bet's
   * transaction, the line goes to every feed and the member's other tabs hear the balance. The
   * bets that arrive together share one transaction and a few statements (`placeBets`).
   */
  async takeBet(member: { id: number; account: string }, bet: BetRequest): Promise<{ round: repo.SharedRound; balance: number }> {
    const game = await playableGame(this.ctx, this.rules.game, { recent: true });
    checkStake(game, bet.amountCentavos);
    bet.validate?.();
    const auto = bet.autoCashoutX100 ?? null;
    const placed = await this.kit.batcher
      .runGrouped<PendingBet, PlacedBet>(`bet:${this.rules.game}`, { member, bet, game }, this.betting)
      .catch((error) => {
        throw moneyFailure(error);
      });
    const line = this.lineOf({
      member_id: member.id,
      account: member.account,
      choice: bet.choice,
      stake_centavos: bet.amountCentavos,
      auto_cashout_x100: auto,
      cashout_x100: null,
      win_centavos: 0,
      status: 'open',
    } as repo.SharedBetRow);
    this.publish({ kind: 'bets', round_id: placed.round.id, items: [line] });
    this.kit.balances.push(member.id);
    return placed;
  }

  private readonly betting: GroupWork<PendingBet, PlacedBet> = {
    together: (trx, items) => this.placeBets(trx, items),
    alone: (trx, item) => this.placeBet(trx, item),
    fellBack: (error, items) => this.ctx.log.warn({ err: error, items }, `${this.rules.game} bets taken one by one`),
  };

  /** The round open for bets (locked until the transaction commits), or undefined when its window has closed. */
  private async bettingRound(trx: Database): Promise<repo.SharedRound | undefined> {
    const round = await repo.lockBettingRound(trx, this.ctx.dialect, this.rules.game);
    return round && Date.now() < Date.parse(round.betting_ends_at) ? round : undefined;
  }

  /** One bet in the transaction `trx`: the round's window, the member's line, the stake. */
  private async placeBet(trx: Database, { member, bet, game }: PendingBet): Promise<PlacedBet> {
    const round = await this.bettingRound(trx);
    if (!round) throw new AppError('BETTING_CLOSED');
    const roundUid = bet.roundUid(round.uid);
    const inserted = await repo.insertBet(trx, {
      round_id: round.id,
      member_id: member.id,
      game_round_uid: roundUid,
      choice: bet.choice,
      stake_centavos: bet.amountCentavos,
      auto_cashout_x100: bet.autoCashoutX100 ?? null,
      created_at: nowIso(),
    });
    if (!inserted) throw new AppError('ALREADY_BET');
    const debited = await debit(trx, roundRefOf(game, member.id, roundUid), {
      txId: bet.txId(roundUid),
      amountCentavos: centavos(bet.amountCentavos),
      outcome: bet.outcome(round),
    });
    return { round, balance: debited.balanceCentavos };
  }

  /**
   * The bets that arrived together, in one transaction: the round locked once, the members' lines
   * read in one statement, the stakes debited by the wallet's debitMany and the lines written in
   * one insert. A member's second bet in the batch (double's other colour) and a stake the wallet
   * sends back go `alone`, after the others, through placeBet.
   */
  private async placeBets(trx: Database, items: PendingBet[]): Promise<GroupOutcome<PlacedBet>[]> {
    const round = await this.bettingRound(trx);
    if (!round) return items.map(() => ({ ok: false, error: new AppError('BETTING_CLOSED') }));
    const outcomes: GroupOutcome<PlacedBet>[] = items.map(() => ({ ok: 'alone' }));
    const first = new Map<number, number>();
    items.forEach((item, i) => {
      if (!first.has(item.member.id)) first.set(item.member.id, i);
    });
    const taken = await repo.choicesOfMembers(trx, round.id, [...first.keys()]);
    const batch: { index: number; item: PendingBet; roundUid: string }[] = [];
    for (const index of first.values()) {
      const item = items[index] as PendingBet;
      if (taken.has(`${item.member.id}:${item.bet.choice}`)) outcomes[index] = { ok: false, error: new AppError('ALREADY_BET') };
      else batch.push({ index, item, roundUid: item.bet.roundUid(round.uid) });
    }
    const debits = await debitMany(
      trx,
      batch.map(({ item, roundUid }) => ({
        round: roundRefOf(item.game, item.member.id, roundUid),
        input: { txId: item.bet.txId(roundUid), amountCentavos: centavos(item.bet.amountCentavos), outcome: item.bet.outcome(round) },
      })),
    );
    const now = nowIso();
    const lines: Parameters<typeof repo.insertBets>[1][number][] = [];
    batch.forEach(({ index, item, roundUid }, k) => {
      const debited = debits[k] as (typeof debits)[number];
      if (debited.ok === 'alone') return;
      if (debited.ok === false) {
        outcomes[index] = debited;
        return;
      }
      lines.push({
        round_id: round.id,
        member_id: item.member.id,
        game_round_uid: roundUid,
        choice: item.bet.choice,
        stake_centavos: item.bet.amountCentavos,
        auto_cashout_x100: item.bet.autoCashoutX100 ?? null,
        created_at: now,
      });
      outcomes[index] = { ok: true, value: { round, balance: debited.done.balanceCentavos } };
    });
    // A line written meanwhile by another process: the batch is undone and every bet runs alone.
    if ((await repo.insertBets(trx, lines)) !== lines.length) throw new Error('a bet of the batch was placed meanwhile');
    return outcomes;
  }

  // ---- the rounds (leader only) ----------------------------------------------------------------

  /** Runs rounds until the signal aborts. */
  async lead(signal: AbortSignal): Promise<void> {
    const game = await loadHouseGame(this.ctx, this.rules.game);
    for (const round of await repo.unfinishedRounds(this.ctx.db, this.rules.game)) await this.cancelRound(game, round);
    const cursor = new ChainCursor(this.ctx.db, this.rules.game, this.rules.timings.chainLength, this.kit.beacon, this.ctx.log);
    const history = (await repo.endedRounds(this.ctx.db, this.rules.game, HISTORY)).map((h) => this.rules.historyOf(h));
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
    if (game) await refundOpenBets(this.ctx, this.kit.batcher, this.kit.balances, game, round.id, (bet) => this.rules.refundIds(bet));
  }

  private async publishState(round: repo.SharedRound, terminatingHash: string, history: History[]): Promise<void> {
    const rows = await repo.betsOfRound(this.ctx.db, round.id);
    this.publish({
      kind: 'state',
      state: this.rules.snapshotOf(round, terminatingHash, history),
      bets: rows.map((row) => this.lineOf(row)),
    });
  }

  private async playRound(cursor: ChainCursor, history: History[], signal: AbortSignal): Promise<void> {
    const { game: code, drawStatus, timings } = this.rules;
    const game = await loadHouseGame(this.ctx, code);
    const { chain, index, hash } = await cursor.next(signal);
    const result = this.rules.resultOf(hash, chain.salt);
    const openedAt = Date.now();
    let round = await repo.insertRound(this.ctx.db, {
      game: code,
      uid: randomUUID(),
      chain_id: chain.id,
      chain_index: index,
      hash,
      result,
      betting_ends_at: new Date(openedAt + timings.bettingMs).toISOString(),
      created_at: nowIso(),
    });
    await this.publishState(round, chain.terminating_hash, history);

    await sleepUntil(openedAt + timings.bettingMs, signal);
    if (signal.aborted) return this.cancelRound(game, round);
    // Closing the window waits for bets still in flight (their share lock); only then does the
    // draw start, so a slow commit can never make the draw run ahead of its screens.
    if (!(await repo.moveRound(this.ctx.db, round.id, 'betting', drawStatus))) return;
    const startedAt = new Date().toISOString();
    await repo.setRoundStart(this.ctx.db, round.id, startedAt);
    round = { ...round, status: drawStatus, started_at: startedAt };
    await this.rules.beginDraw?.(round);
    await this.publishState(round, chain.terminating_hash, history);

    await this.rules.draw(game, round, signal);
    if (signal.aborted) return this.cancelRound(game, round);
    await repo.moveRound(this.ctx.db, round.id, drawStatus, 'ended', { ended_at: nowIso() });
    round = { ...round, status: 'ended' };
    this.rules.ended?.(round);
    if (game) {
      const open = (await repo.betsOfRound(this.ctx.db, round.id)).filter((b) => b.status === 'open');
      await this.rules.settle(game, round, open);
    }
    history.unshift(this.rules.historyOf({ id: round.id, hash, result }));
    history.splice(HISTORY);
    await this.publishState(round, chain.terminating_hash, history);
    await sleepUntil(Date.now() + timings.pauseMs, signal);
  }
}

/**
 * A shared-round game: its rules, and the engine that runs them. What the routes and the
 * runtime call (the feed, start and stop, the leader loop) is the engine's; a game adds its own
 * calls (bet, cash-out, state) on top.
 */
export abstract class SharedRoundGame<Snapshot extends RoundSnapshot, Bet, History, Timings extends RoundTimings = RoundTimings>
  implements SharedRoundRules<Snapshot, Bet, History>
{
  readonly engine: SharedRoundEngine<Snapshot, Bet, History>;

  constructor(
    protected readonly kit: RoundKit,
    readonly timings: Timings,
  ) {
    this.engine = new SharedRoundEngine(kit, this);
  }

  get feed(): SocketFeed {
    return this.engine.feed;
  }

  start(): void {
    this.engine.start();
  }

  stop(): void {
    this.engine.stop();
  }

  /** Runs rounds until the signal aborts. */
  lead(signal: AbortSignal): Promise<void> {
    return this.engine.lead(signal);
  }

  abstract readonly game: repo.SharedGame;
  abstract readonly drawStatus: string;
  abstract readonly newsOnEveryBet: boolean;
  abstract resultOf(hash: string, salt: string): number;
  abstract betKey(row: Pick<repo.SharedBetRow, 'member_id' | 'choice'>): string;
  abstract publicBet(
    row: Pick<
      repo.SharedBetRow,
      'account' | 'choice' | 'stake_centavos' | 'auto_cashout_x100' | 'cashout_x100' | 'win_centavos' | 'status'
    >,
  ): Bet;
  abstract historyOf(round: { id: number; hash: string; result: number }): History;
  abstract snapshotOf(round: repo.SharedRound, terminatingHash: string, history: History[]): Snapshot;
  abstract stateMessage(state: Snapshot & { server_time: number; bets: Bet[] }): HouseServerMessage;
  abstract news(roundId: number, newBets: Bet[]): HouseServerMessage[];
  abstract draw(game: HouseGame | undefined, round: repo.SharedRound, signal: AbortSignal): Promise<void>;
  abstract settle(game: HouseGame, round: repo.SharedRound, open: repo.SharedBetRow[]): Promise<void>;
  abstract refundIds(bet: repo.SharedBetRow): { txId: string; refTxId: string };

  /**
   * Settles an ended round whose bets each win a fixed return (double, the live tables): every
   * member's lines in one transaction of the batcher, their returns summed into one credit on
   * the member's game round (or its loss), the record's outcome from `outcome`. A line already
   * settled (a retried settlement) is skipped; a member whose transaction fails is logged and
   * left for the sweeper, the others are paid.
   */
  protected async settleByMember(
    game: HouseGame,
    round: repo.SharedRound,
    open: repo.SharedBetRow[],
    returnOf: (bet: repo.SharedBetRow) => number,
    outcome: (bets: { bet: repo.SharedBetRow; win: number }[]) => Record<string, unknown>,
  ): Promise<void> {
    const byMember = new Map<number, repo.SharedBetRow[]>();
    for (const bet of open) byMember.set(bet.member_id, [...(byMember.get(bet.member_id) ?? []), bet]);
    const results = await Promise.allSettled(
      [...byMember.entries()].map(([memberId, bets]) =>
        this.kit.batcher.run(async (trx) => {
          const lines = bets.map((bet) => ({ bet, win: returnOf(bet) }));
          let total = 0;
          for (const { bet, win } of lines) {
            if (!(await repo.settleBet(trx, bet.id, { status: win > 0 ? 'won' : 'lost', win_centavos: win, settled_at: nowIso() })))
              continue;
            total += win;
          }
          const roundUid = bets[0]?.game_round_uid as string;
          const record = { game: this.game, shared_round_id: round.id, ...outcome(lines) };
          const ref = roundRefOf(game, memberId, roundUid);
          if (total > 0) await credit(trx, ref, { txId: `${roundUid}:win`, amountCentavos: centavos(total), outcome: record });
          else await settleLost(trx, ref, record);
          return total;
        }),
      ),
    );
    const members = [...byMember.keys()];
    results.forEach((result, i) => {
      if (result.status === 'rejected')
        this.kit.ctx.log.error({ err: result.reason, member: members[i] }, `${this.game} settlement failed`);
      else if (result.value > 0) this.kit.balances.push(members[i] as number);
    });
  }
}
