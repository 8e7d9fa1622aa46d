import { randomUUID } from 'node:crypto';
import { crashPayout, crashPointFromHash, isValidAutoCashout, msForMultiplier, multiplierAt } from '@casino/games/crash';
import { formatCentavos, moneyStringToCentavos } from '@casino/shared/money';
import type { CrashState } from '@casino/shared/schemas/house-games';
import type { Database } from '../../../db/database.ts';
import { nowIso } from '../../../db/database.ts';
import { AppError, fieldError } from '../../../lib/http.ts';
import { credit, debit, settleLost } from '../../wallet/wallet.service.ts';
import {
  checkStake,
  expectOk,
  type HouseGame,
  loadHouseGame,
  playableGame,
  recentHouseGame,
  roundRefOf,
  walletError,
} from '../house-game.ts';
import type { GameContext } from '../house-game.ts';
import type { BalancePushes } from './balance-pushes.ts';
import type { Broadcast, BusMessage } from './broadcast.ts';
import type { RandomnessBeacon } from './beacon.ts';
import { ChainCursor, type HashChain } from './chain.ts';
import { formatHundredths, maskAccount, SocketFeed, sleepUntil } from './feed.ts';
import * as repo from './shared-rounds.repository.ts';
import { refundOpenBets } from './refunds.ts';
import type { TxBatcher } from './tx-batcher.ts';

/**
 * Crash (DESIGN.md section 5; RTP 97%): shared rounds over /ws/crash. The leader process runs
 * the rounds: a betting window, then the multiplier rises along packages/games' curve (ticks
 * ~10 a second) until the crash point drawn from the round's chain hash, then a short pause.
 *
 * - Bets are taken during the window by any process (HTTP or socket), with an optional auto
 *   cash-out; the window is checked against the round row inside the bet's transaction.
 * - A cash-out is priced at the instant the server receives it (never by the client): the
 *   multiplier of the curve at that instant, refused once the curve has reached the crash point.
 *   A bet whose auto target the curve already passed is paid at its target.
 * - Auto cash-outs are paid exactly at their target, by the leader, when the curve passes it.
 * - A closed tab or a lost connection changes nothing: the bet stays in the round, cashes out at
 *   its auto target if it has one, and otherwise busts by the rules (it is in the game record).
 * - Restart rule: a round left unfinished by a stopped leader (betting or running) is cancelled
 *   by the next leader and every bet still open in it is refunded through the wallet (the game
 *   record shows it rolled back); bets already cashed out keep their win.
 */

export interface CrashTimings {
  bettingMs: number;
  pauseMs: number;
  tickMs: number;
  /** Curve milliseconds per real millisecond (1 in production). */
  speed: number;
  chainLength: number;
}

type PublicBet = CrashState['bets'][number];
type Snapshot = Omit<CrashState, 'server_time' | 'my_bet' | 'bets'>;

const HISTORY = 20;
const cents = (text: string) => moneyStringToCentavos(text) ?? 0;
const STATE_BETS = 200;
const FLUSH_MS = 100;
const LATENESS_SAMPLES = 20_000;

const betTxId = (roundUid: string) => `${roundUid}:bet`;
const memberRoundUid = (sharedUid: string, memberId: number) => `crash:${sharedUid}:${memberId}`;

function publicBet(
  row: Pick<repo.SharedBetRow, 'account' | 'stake_centavos' | 'auto_cashout_x100' | 'cashout_x100' | 'win_centavos' | 'status'>,
): PublicBet {
  return {
    player: maskAccount(row.account),
    amount: formatCentavos(row.stake_centavos),
    auto_cashout: row.auto_cashout_x100 === null ? null : formatHundredths(row.auto_cashout_x100),
    cashout: row.status === 'won' && row.cashout_x100 !== null ? formatHundredths(row.cashout_x100) : null,
    win: row.status === 'won' || row.status === 'lost' || row.status === 'refunded' ? formatCentavos(row.win_centavos) : null,
  };
}

export class CrashGame {
  readonly feed = new SocketFeed();
  /** How late each tick fired (ms), for the benchmark. */
  readonly tickLatenessMs: number[] = [];
  private snapshot: Snapshot | undefined;
  private readonly bets = new Map<string, PublicBet>();
  /** Players whose lines the screens show this round (at most STATE_BETS): only their news is sent. */
  private listed = new Set<string>();
  private pendingBets: PublicBet[] = [];
  private pendingCashouts: { player: string; multiplier: string; win: string }[] = [];
  private flushTimer: NodeJS.Timeout | undefined;
  private readonly runningRounds = new Map<number, repo.SharedRound>();
  /** On the leader: the bets riding the running round, so a cash-out needs no lookup. */
  private riders: { roundId: number; byMember: Map<number, repo.SharedBetRow> } | undefined;
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly ctx: GameContext,
    private readonly bus: Broadcast,
    private readonly batcher: TxBatcher,
    private readonly balances: BalancePushes,
    readonly timings: CrashTimings,
    /** Where the salts of new chains come from (chain.ts). */
    private readonly beacon: RandomnessBeacon,
  ) {}

  start(): void {
    this.unsubscribe = this.bus.subscribe('crash', (message) => this.onBus(message));
  }

  stop(): void {
    this.unsubscribe?.();
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.feed.closeAll();
  }

  // ---- what every process shows ----------------------------------------------------------------

  private onBus(message: BusMessage): void {
    switch (message.kind) {
      case 'state': {
        const { state, bets } = message as unknown as { state: Snapshot; bets: { key: string; bet: PublicBet }[] };
        this.snapshot = state;
        this.bets.clear();
        for (const { key, bet } of bets) this.bets.set(key, bet);
        this.listed = new Set(this.topKeys());
        this.pendingBets = [];
        this.pendingCashouts = [];
        this.feed.broadcast({ type: 'crash.state', data: this.publicState() });
        return;
      }
      case 'tick': {
        const data = message.data as { round_id: number; multiplier: string; elapsed_ms: number };
        if (this.snapshot && this.snapshot.round_id === data.round_id) {
          this.snapshot = { ...this.snapshot, phase: 'running', multiplier: data.multiplier };
        }
        this.feed.broadcast({ type: 'crash.tick', data });
        return;
      }
      case 'bets': {
        const { round_id: roundId, items } = message as unknown as { round_id: number; items: { key: string; bet: PublicBet }[] };
        if (this.snapshot?.round_id !== roundId) return;
        for (const { key, bet } of items) {
          this.bets.set(key, bet);
          // The live list holds STATE_BETS lines: a thousand players do not each make every
          // socket carry a thousand lines (the next state message has the largest stakes).
          if (this.listed.size < STATE_BETS && !this.listed.has(key)) {
            this.listed.add(key);
            this.pendingBets.push(bet);
          }
        }
        if (this.pendingBets.length > 0) this.scheduleFlush();
        return;
      }
      case 'cashouts': {
        const { round_id: roundId, items } = message as unknown as {
          round_id: number;
          items: { key: string; multiplier: string; win: string }[];
        };
        if (this.snapshot?.round_id !== roundId) return;
        for (const item of items) {
          const bet = this.bets.get(item.key);
          if (!bet) continue;
          const next = { ...bet, cashout: item.multiplier, win: item.win };
          this.bets.set(item.key, next);
          if (this.listed.has(item.key)) this.pendingCashouts.push({ player: next.player, multiplier: item.multiplier, win: item.win });
        }
        if (this.pendingCashouts.length > 0) this.scheduleFlush();
        return;
      }
    }
  }

  /** New bets and cash-outs go out together, at most once per FLUSH_MS. */
  private scheduleFlush(): void {
    if (this.flushTimer) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = undefined;
      const roundId = this.snapshot?.round_id;
      if (roundId === undefined) return;
      if (this.pendingBets.length > 0) this.feed.broadcast({ type: 'crash.bets', data: { round_id: roundId, bets: this.pendingBets } });
      if (this.pendingCashouts.length > 0) {
        this.feed.broadcast({ type: 'crash.cashouts', data: { round_id: roundId, cashouts: this.pendingCashouts } });
      }
      this.pendingBets = [];
      this.pendingCashouts = [];
    }, FLUSH_MS);
  }

  /** The keys of the largest stakes, as many as the list shows. */
  private topKeys(): string[] {
    return [...this.bets.entries()]
      .sort((a, b) => cents(b[1].amount) - cents(a[1].amount))
      .slice(0, STATE_BETS)
      .map(([key]) => key);
  }

  private publicState(): CrashState {
    if (!this.snapshot) throw new Error('no crash round yet');
    const bets = this.topKeys().map((key) => this.bets.get(key) as PublicBet);
    return { ...this.snapshot, server_time: Date.now(), bets };
  }

  /** Builds the snapshot from the database (a process that has not heard a state message yet). */
  private async loadSnapshot(): Promise<void> {
    const round = await repo.latestRound(this.ctx.db, 'crash');
    if (!round) return;
    const [chain, bets, history] = await Promise.all([
      repo.findChain(this.ctx.db, round.chain_id),
      repo.betsOfRound(this.ctx.db, round.id),
      repo.endedRounds(this.ctx.db, 'crash', HISTORY),
    ]);
    if (this.snapshot) return; // a state message arrived meanwhile: it is newer
    this.snapshot = this.snapshotOf(round, chain?.terminating_hash ?? '', history);
    this.bets.clear();
    for (const bet of bets) this.bets.set(String(bet.member_id), publicBet(bet));
    this.listed = new Set(this.topKeys());
  }

  private snapshotOf(round: repo.SharedRound, terminatingHash: string, history: { id: number; hash: string; result: number }[]): Snapshot {
    const ended = round.status === 'ended' || round.status === 'cancelled';
    const startedAt = round.started_at ? Date.parse(round.started_at) : null;
    let multiplier = '1.00';
    if (round.status === 'ended') multiplier = formatHundredths(round.result);
    else if (round.status === 'running' && startedAt !== null) {
      multiplier = formatHundredths(Math.min(multiplierAt((Date.now() - startedAt) * this.timings.speed), round.result));
    }
    return {
      round_id: round.id,
      phase: round.status === 'betting' ? 'betting' : ended ? 'busted' : 'running',
      betting_ends_at: Date.parse(round.betting_ends_at),
      started_at: startedAt,
      multiplier,
      crash_point: round.status === 'ended' ? formatHundredths(round.result) : null,
      hash: round.status === 'ended' ? round.hash : null,
      history: history
        .filter((h) => h.id !== round.id || round.status === 'ended')
        .map((h) => ({ round_id: h.id, crash_point: formatHundredths(h.result), hash: h.hash })),
      terminating_hash: terminatingHash,
    };
  }

  /** GET API.house.crashState (and the first message of a socket): the round, with the member's bet. */
  async state(memberId?: number): Promise<CrashState> {
    if (!this.snapshot) await this.loadSnapshot();
    if (!this.snapshot) throw new AppError('ROUND_NOT_FOUND');
    const state = this.publicState();
    if (memberId === undefined) return state;
    const [mine] = await repo.memberBets(this.ctx.db, state.round_id, memberId);
    return {
      ...state,
      my_bet: mine
        ? {
            amount: formatCentavos(mine.stake_centavos),
            auto_cashout: mine.auto_cashout_x100 === null ? null : formatHundredths(mine.auto_cashout_x100),
            cashout: mine.cashout_x100 === null ? null : formatHundredths(mine.cashout_x100),
            win: mine.status === 'open' ? null : formatCentavos(mine.win_centavos),
            status: mine.status as 'open' | 'won' | 'lost' | 'refunded',
          }
        : null,
    };
  }

  // ---- bets and cash-outs (any process) --------------------------------------------------------

  /** Takes a bet for the round in its betting window. */
  async bet(member: { id: number; account: string }, input: { amount: number; auto_cashout?: number | null | undefined }) {
    const game = await playableGame(this.ctx, 'crash', { recent: true });
    checkStake(game, input.amount);
    const auto = input.auto_cashout ?? null;
    if (auto !== null && !isValidAutoCashout(auto)) throw fieldError('VALIDATION_FAILED', 'auto_cashout', 'games.auto_cashout_invalid');
    const placed = await this.batcher
      .run(async (trx) => {
        const round = await repo.lockBettingRound(trx, this.ctx.dialect, 'crash');
        if (!round || Date.now() >= Date.parse(round.betting_ends_at)) throw new AppError('BETTING_CLOSED');
        const roundUid = memberRoundUid(round.uid, member.id);
        const bet = await repo.insertBet(trx, {
          round_id: round.id,
          member_id: member.id,
          game_round_uid: roundUid,
          choice: 'crash',
          stake_centavos: input.amount,
          auto_cashout_x100: auto,
          created_at: nowIso(),
        });
        if (!bet) throw new AppError('ALREADY_BET');
        const outcome = {
          game: 'crash',
          shared_round_id: round.id,
          auto_cashout_x100: auto,
          cashout_x100: null,
          bet_centavos: input.amount,
        };
        const debited = expectOk(
          await debit(trx, roundRefOf(game, member.id, roundUid), { txId: betTxId(roundUid), amountCentavos: input.amount, outcome }),
        );
        return { round, balance: debited.balanceCentavos };
      })
      .catch((error) => {
        throw walletError(error);
      });
    const bet = publicBet({
      account: member.account,
      stake_centavos: input.amount,
      auto_cashout_x100: auto,
      cashout_x100: null,
      win_centavos: 0,
      status: 'open',
    });
    this.bus.publish('crash', { kind: 'bets', round_id: placed.round.id, items: [{ key: String(member.id), bet }] });
    this.balances.push(member.id);
    return {
      round_id: placed.round.id,
      amount: formatCentavos(input.amount),
      auto_cashout: auto === null ? null : formatHundredths(auto),
      balance: formatCentavos(placed.balance),
    };
  }

  private async runningRound(roundId: number): Promise<repo.SharedRound | undefined> {
    const cached = this.runningRounds.get(roundId);
    if (cached) return cached;
    const round = await repo.findRound(this.ctx.db, roundId);
    if (round?.status === 'running' && round.started_at !== null) {
      // A running round's start and crash point never change: cache the few latest.
      this.runningRounds.set(roundId, round);
      for (const id of this.runningRounds.keys()) if (this.runningRounds.size > 4) this.runningRounds.delete(id);
    }
    return round;
  }

  /**
   * Cashes the member's bet out at the multiplier of the instant the request arrived
   * (`receivedAt`, epoch ms). Refused once the curve reached the crash point, twice, or before
   * the round started.
   */
  async cashOut(member: { id: number; account: string }, receivedAt: number, roundId?: number) {
    const game = await recentHouseGame(this.ctx, 'crash');
    if (!game) throw new AppError('GAME_NOT_FOUND');
    const riding = roundId === undefined || roundId === this.riders?.roundId ? this.riders?.byMember.get(member.id) : undefined;
    const bet =
      riding ??
      (await this.ctx.db
        .selectFrom('shared_bets')
        .selectAll()
        .where('member_id', '=', member.id)
        .where('choice', '=', 'crash')
        .$if(roundId !== undefined, (q) => q.where('round_id', '=', roundId as number))
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst());
    if (!bet) throw new AppError('NO_ACTIVE_BET');
    if (bet.status === 'won') throw new AppError('ALREADY_CASHED_OUT');
    if (bet.status !== 'open') throw new AppError('ROUND_FINISHED');
    const round = await this.runningRound(bet.round_id);
    if (!round) throw new AppError('ROUND_NOT_FOUND');
    if (round.status === 'betting' || (round.status === 'running' && round.started_at === null)) throw new AppError('ROUND_NOT_STARTED');
    if (round.status !== 'running' || round.started_at === null) throw new AppError('ROUND_FINISHED');
    const curveMs = (receivedAt - Date.parse(round.started_at)) * this.timings.speed;
    if (curveMs >= msForMultiplier(round.result)) throw new AppError('ROUND_FINISHED');
    let at = multiplierAt(curveMs);
    if (bet.auto_cashout_x100 !== null && bet.auto_cashout_x100 <= at) at = bet.auto_cashout_x100;
    const paid = await this.batcher.run((trx) => this.payCashout(trx, game, round, bet, at));
    if (!paid) {
      const now = await repo.findBet(this.ctx.db, bet.id);
      throw new AppError(now?.status === 'won' ? 'ALREADY_CASHED_OUT' : 'ROUND_FINISHED');
    }
    if (this.riders?.roundId === round.id) this.riders.byMember.delete(member.id);
    this.publishCashouts(round.id, [{ memberId: member.id, at, win: paid.win }]);
    this.balances.push(member.id);
    return { round_id: round.id, multiplier: formatHundredths(at), win: formatCentavos(paid.win), balance: formatCentavos(paid.balance) };
  }

  /** Pays a bet out at `at` (hundredths) if it is still open; undefined when it was settled first. */
  private async payCashout(
    trx: Database,
    game: HouseGame,
    round: repo.SharedRound,
    bet: { id: number; member_id: number; stake_centavos: number; auto_cashout_x100: number | null; game_round_uid: string },
    at: number,
  ) {
    const win = crashPayout(bet.stake_centavos, at);
    const settled = await repo.settleBet(trx, bet.id, { status: 'won', cashout_x100: at, win_centavos: win, settled_at: nowIso() });
    if (!settled) return undefined;
    const outcome = {
      game: 'crash',
      shared_round_id: round.id,
      auto_cashout_x100: bet.auto_cashout_x100,
      cashout_x100: at,
      bet_centavos: bet.stake_centavos,
    };
    const credited = expectOk(
      await credit(trx, roundRefOf(game, bet.member_id, bet.game_round_uid), {
        txId: `${bet.game_round_uid}:win`,
        amountCentavos: win,
        outcome,
      }),
    );
    return { win, balance: credited.balanceCentavos };
  }

  private publishCashouts(roundId: number, items: { memberId: number; at: number; win: number }[]): void {
    if (items.length === 0) return;
    this.bus.publish('crash', {
      kind: 'cashouts',
      round_id: roundId,
      items: items.map((i) => ({ key: String(i.memberId), multiplier: formatHundredths(i.at), win: formatCentavos(i.win) })),
    });
  }

  // ---- the rounds (leader only) ----------------------------------------------------------------

  /** Runs rounds until the signal aborts. */
  async lead(signal: AbortSignal): Promise<void> {
    await this.cancelUnfinished();
    const cursor = new ChainCursor(this.ctx.db, 'crash', this.timings.chainLength, this.beacon, this.ctx.log);
    const history = (await repo.endedRounds(this.ctx.db, 'crash', HISTORY)).map((h) => ({
      round_id: h.id,
      crash_point: formatHundredths(h.result),
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

  private async cancelUnfinished(): Promise<void> {
    const game = await loadHouseGame(this.ctx, 'crash');
    for (const round of await repo.unfinishedRounds(this.ctx.db, 'crash')) {
      await this.cancelRound(game, round);
    }
  }

  private async cancelRound(game: HouseGame | undefined, round: repo.SharedRound): Promise<void> {
    if (!(await repo.moveRound(this.ctx.db, round.id, round.status, 'cancelled', { ended_at: nowIso() }))) return;
    if (game) {
      await refundOpenBets(this.ctx, this.batcher, this.balances, game, round.id, (bet) => ({
        txId: `${bet.game_round_uid}:refund`,
        refTxId: betTxId(bet.game_round_uid),
      }));
    }
  }

  private async publishState(
    round: repo.SharedRound,
    chain: HashChain | { row: { terminating_hash: string } },
    history: CrashState['history'],
  ) {
    const rows = await repo.betsOfRound(this.ctx.db, round.id);
    const snapshot = this.snapshotOf(round, chain.row.terminating_hash, []);
    snapshot.history = history;
    this.bus.publish('crash', {
      kind: 'state',
      state: snapshot,
      bets: rows.map((row) => ({ key: String(row.member_id), bet: publicBet(row) })),
    });
  }

  private async playRound(cursor: ChainCursor, history: CrashState['history'], signal: AbortSignal): Promise<void> {
    const game = await loadHouseGame(this.ctx, 'crash');
    const { chain, index, hash } = await cursor.next(signal);
    const chainView = { row: chain };
    const crashPoint = crashPointFromHash(hash, chain.salt);
    const openedAt = Date.now();
    let round = await repo.insertRound(this.ctx.db, {
      game: 'crash',
      uid: randomUUID(),
      chain_id: chain.id,
      chain_index: index,
      hash,
      result: crashPoint,
      betting_ends_at: new Date(openedAt + this.timings.bettingMs).toISOString(),
      created_at: nowIso(),
    });
    await this.publishState(round, chainView, history);

    await sleepUntil(openedAt + this.timings.bettingMs, signal);
    if (signal.aborted) return this.cancelRound(game, round);
    // Closing the window waits for bets still in flight (their share lock); only then does the
    // curve start, so a slow commit can never make the multiplier jump ahead of its screens.
    if (!(await repo.moveRound(this.ctx.db, round.id, 'betting', 'running'))) return;
    const startedAt = Date.now();
    await repo.setRoundStart(this.ctx.db, round.id, new Date(startedAt).toISOString());
    round = { ...round, status: 'running', started_at: new Date(startedAt).toISOString() };
    this.runningRounds.set(round.id, round);
    const riders = (await repo.betsOfRound(this.ctx.db, round.id)).filter((b) => b.status === 'open');
    this.riders = { roundId: round.id, byMember: new Map(riders.map((b) => [b.member_id, b])) };
    await this.publishState(round, chainView, history);

    const autos = riders
      .filter((b) => b.auto_cashout_x100 !== null)
      .sort((a, b) => (a.auto_cashout_x100 ?? 0) - (b.auto_cashout_x100 ?? 0));
    const payouts: Promise<unknown>[] = [];
    const bustAt = startedAt + Math.ceil(msForMultiplier(crashPoint) / this.timings.speed);
    for (let tick = 1; ; tick += 1) {
      const due = startedAt + tick * this.timings.tickMs;
      if (due >= bustAt) {
        await sleepUntil(bustAt, signal);
        break;
      }
      await sleepUntil(due, signal);
      if (signal.aborted) {
        this.riders = undefined;
        await Promise.allSettled(payouts);
        return this.cancelRound(game, round);
      }
      const now = Date.now();
      if (now >= bustAt) break;
      if (this.tickLatenessMs.length >= LATENESS_SAMPLES) this.tickLatenessMs.shift();
      this.tickLatenessMs.push(now - due);
      const curveMs = (now - startedAt) * this.timings.speed;
      const at = multiplierAt(curveMs);
      // Auto cash-outs the curve has passed are paid exactly at their targets.
      const reached: repo.SharedBetRow[] = [];
      while (autos.length > 0 && (autos[0]?.auto_cashout_x100 ?? Number.POSITIVE_INFINITY) <= at)
        reached.push(autos.shift() as repo.SharedBetRow);
      if (reached.length > 0 && game) payouts.push(this.payAutos(game, round, reached));
      this.bus.publish('crash', {
        kind: 'tick',
        data: { round_id: round.id, multiplier: formatHundredths(at), elapsed_ms: Math.floor(curveMs) },
      });
    }
    this.riders = undefined;
    await Promise.allSettled(payouts);
    if (signal.aborted) return this.cancelRound(game, round);

    // Bust: the round ends, targets at or under the crash point are paid, every other bet is lost.
    await repo.moveRound(this.ctx.db, round.id, 'running', 'ended', { ended_at: nowIso() });
    round = { ...round, status: 'ended' };
    this.runningRounds.delete(round.id);
    if (game) await this.settleBust(game, round, crashPoint);
    history.unshift({ round_id: round.id, crash_point: formatHundredths(crashPoint), hash });
    history.splice(HISTORY);
    await this.publishState(round, chainView, history);
    await sleepUntil(Date.now() + this.timings.pauseMs, signal);
  }

  private async payAutos(game: HouseGame, round: repo.SharedRound, bets: repo.SharedBetRow[]): Promise<void> {
    const results = await Promise.allSettled(
      bets.map((bet) => this.batcher.run((trx) => this.payCashout(trx, game, round, bet, bet.auto_cashout_x100 as number))),
    );
    const paid: { memberId: number; at: number; win: number }[] = [];
    results.forEach((result, i) => {
      const bet = bets[i] as repo.SharedBetRow;
      if (result.status === 'fulfilled' && result.value) {
        paid.push({ memberId: bet.member_id, at: bet.auto_cashout_x100 as number, win: result.value.win });
        if (this.riders?.roundId === round.id) this.riders.byMember.delete(bet.member_id);
      } else if (result.status === 'rejected') this.ctx.log.error({ err: result.reason, bet: bet.id }, 'crash auto cash-out failed');
    });
    this.publishCashouts(round.id, paid);
    for (const p of paid) this.balances.push(p.memberId);
  }

  private async settleBust(game: HouseGame, round: repo.SharedRound, crashPoint: number): Promise<void> {
    const open = (await repo.betsOfRound(this.ctx.db, round.id)).filter((b) => b.status === 'open');
    const winners = open.filter((b) => b.auto_cashout_x100 !== null && b.auto_cashout_x100 <= crashPoint);
    if (winners.length > 0) await this.payAutos(game, round, winners);
    const losers = open.filter((b) => !winners.includes(b));
    const results = await Promise.allSettled(
      losers.map((bet) =>
        this.batcher.run(async (trx) => {
          if (!(await repo.settleBet(trx, bet.id, { status: 'lost', win_centavos: 0, settled_at: nowIso() }))) return;
          const outcome = {
            game: 'crash',
            shared_round_id: round.id,
            auto_cashout_x100: bet.auto_cashout_x100,
            cashout_x100: null,
            bet_centavos: bet.stake_centavos,
          };
          await settleLost(trx, roundRefOf(game, bet.member_id, bet.game_round_uid), outcome);
        }),
      ),
    );
    for (const [i, result] of results.entries()) {
      if (result.status === 'rejected') this.ctx.log.error({ err: result.reason, bet: losers[i]?.id }, 'crash settlement failed');
    }
  }
}
