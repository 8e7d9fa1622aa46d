import { crashPayout, crashPointFromHash, isValidAutoCashout, msForMultiplier, multiplierAt } from '@casino/games/crash';
import { centavos, formatCentavos } from '@casino/shared/money';
import type { CrashState, HouseServerMessage } from '@casino/shared/schemas/house-games';
import type { Database } from '../../../db/database.ts';
import { nowIso } from '../../../db/database.ts';
import { AppError, fieldError } from '../../../lib/http.ts';
import { type CreditManyOutcome, creditMany } from '../../wallet/credit-many.ts';
import { credit, settleLost } from '../../wallet/wallet.service.ts';
import { type HouseGame, recentHouseGame, roundRefOf } from '../house-game.ts';
import type { BusMessage } from './broadcast.ts';
import { formatHundredths, maskAccount, sleepUntil } from './feed.ts';
import { type RoundView, SharedRoundGame } from './round-engine.ts';
import * as repo from './shared-rounds.repository.ts';
import type { GroupOutcome, GroupWork } from './tx-batcher.ts';

type CashoutBet = Pick<repo.SharedBetRow, 'id' | 'member_id' | 'stake_centavos' | 'auto_cashout_x100' | 'game_round_uid'>;
type PendingCashout = { game: HouseGame; round: repo.SharedRound; bet: CashoutBet; at: number };
/** A cash-out paid (its win and the balance it left), or undefined when the bet was settled first. */
type Paid = { win: number; balance: number } | undefined;

/** The wallet credit of a bet cashed out at `at` (hundredths): its win, closing the member's game round. */
function cashoutCredit(round: repo.SharedRound, bet: CashoutBet, at: number, win: number) {
  return {
    txId: `${bet.game_round_uid}:win`,
    amountCentavos: centavos(win),
    outcome: {
      game: 'crash',
      shared_round_id: round.id,
      auto_cashout_x100: bet.auto_cashout_x100,
      cashout_x100: at,
      bet_centavos: bet.stake_centavos,
    },
  };
}

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
type History = CrashState['history'][number];
type Cashout = { player: string; multiplier: string; win: string };

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

/** Crash's rules on the shared-round engine: the rising curve, cash-outs and the bust. */
export class CrashGame extends SharedRoundGame<Snapshot, PublicBet, History, CrashTimings> {
  readonly game = 'crash' as const;
  readonly drawStatus = 'running';
  readonly newsOnEveryBet = false;
  /** How late each tick fired (ms), for the benchmark. */
  readonly tickLatenessMs: number[] = [];
  private pendingCashouts: Cashout[] = [];
  private readonly runningRounds = new Map<number, repo.SharedRound>();
  /** On the leader: the bets riding the running round, so a cash-out needs no lookup. */
  private riders: { roundId: number; byMember: Map<number, repo.SharedBetRow> } | undefined;
  /** On the leader: the running round's auto cash-outs, lowest target first. */
  private autos: repo.SharedBetRow[] = [];

  resultOf(hash: string, salt: string): number {
    return crashPointFromHash(hash, salt);
  }

  // ---- what every process shows ----------------------------------------------------------------

  betKey(row: Pick<repo.SharedBetRow, 'member_id'>): string {
    return String(row.member_id);
  }

  publicBet(row: Parameters<typeof publicBet>[0]): PublicBet {
    return publicBet(row);
  }

  historyOf(round: { id: number; hash: string; result: number }): History {
    return { round_id: round.id, crash_point: formatHundredths(round.result), hash: round.hash };
  }

  snapshotOf(round: repo.SharedRound, terminatingHash: string, history: History[]): Snapshot {
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
      history: history.filter((h) => h.round_id !== round.id || round.status === 'ended'),
      terminating_hash: terminatingHash,
    };
  }

  stateMessage(state: CrashState): HouseServerMessage {
    return { type: 'crash.state', data: state };
  }

  onState(): void {
    this.pendingCashouts = [];
  }

  onMessage(message: BusMessage, view: RoundView<Snapshot, PublicBet>): void {
    if (message.kind === 'tick') {
      const data = message.data as { round_id: number; multiplier: string; elapsed_ms: number };
      if (view.snapshot && view.snapshot.round_id === data.round_id) {
        view.snapshot = { ...view.snapshot, phase: 'running', multiplier: data.multiplier };
      }
      view.feed.broadcast({ type: 'crash.tick', data });
      return;
    }
    if (message.kind === 'cashouts') {
      const { round_id: roundId, items } = message as unknown as {
        round_id: number;
        items: { key: string; multiplier: string; win: string }[];
      };
      if (view.snapshot?.round_id !== roundId) return;
      for (const item of items) {
        const line = view.bets.get(item.key);
        if (!line) continue;
        const next = { ...line.bet, cashout: item.multiplier, win: item.win };
        view.bets.set(item.key, { ...line, bet: next });
        if (view.listed(item.key)) this.pendingCashouts.push({ player: next.player, multiplier: item.multiplier, win: item.win });
      }
      if (this.pendingCashouts.length > 0) view.scheduleFlush();
    }
  }

  news(roundId: number, newBets: PublicBet[]): HouseServerMessage[] {
    const messages: HouseServerMessage[] = [];
    if (newBets.length > 0) messages.push({ type: 'crash.bets', data: { round_id: roundId, bets: newBets } });
    if (this.pendingCashouts.length > 0)
      messages.push({ type: 'crash.cashouts', data: { round_id: roundId, cashouts: this.pendingCashouts } });
    this.pendingCashouts = [];
    return messages;
  }

  /** GET API.house.crashState (and the first message of a socket): the round, with the member's bet. */
  async state(memberId?: number): Promise<CrashState> {
    const { state, mine: bets } = await this.engine.state(memberId);
    if (memberId === undefined) return state;
    const [mine] = bets;
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
    const auto = input.auto_cashout ?? null;
    const placed = await this.engine.takeBet(member, {
      choice: 'crash',
      amountCentavos: input.amount,
      autoCashoutX100: auto,
      validate() {
        if (auto !== null && !isValidAutoCashout(auto)) throw fieldError('VALIDATION_FAILED', 'auto_cashout', 'games.auto_cashout_invalid');
      },
      roundUid: (sharedUid) => memberRoundUid(sharedUid, member.id),
      txId: betTxId,
      outcome: (round) => ({
        game: 'crash',
        shared_round_id: round.id,
        auto_cashout_x100: auto,
        cashout_x100: null,
        bet_centavos: input.amount,
      }),
    });
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
    const round = await repo.findRound(this.kit.ctx.db, roundId);
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
    const game = await recentHouseGame(this.kit.ctx, 'crash');
    if (!game) throw new AppError('GAME_NOT_FOUND');
    const riding = roundId === undefined || roundId === this.riders?.roundId ? this.riders?.byMember.get(member.id) : undefined;
    const bet = riding ?? (await repo.latestMemberBet(this.kit.ctx.db, member.id, 'crash', roundId));
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
    const paid = await this.payTogether({ game, round, bet, at });
    if (!paid) {
      const now = await repo.findBet(this.kit.ctx.db, bet.id);
      throw new AppError(now?.status === 'won' ? 'ALREADY_CASHED_OUT' : 'ROUND_FINISHED');
    }
    if (this.riders?.roundId === round.id) this.riders.byMember.delete(member.id);
    this.publishCashouts(round.id, [{ memberId: member.id, at, win: paid.win }]);
    this.kit.balances.push(member.id);
    return { round_id: round.id, multiplier: formatHundredths(at), win: formatCentavos(paid.win), balance: formatCentavos(paid.balance) };
  }

  /**
   * The cash-outs (a player's, or the auto cash-outs a tick reached) that arrive together are paid
   * in one transaction and a few statements (`payCashouts`): a tick where many players cash out is
   * one commit, not one a player.
   */
  private readonly cashingOut: GroupWork<PendingCashout, Paid> = {
    together: (trx, items) => this.payCashouts(trx, items),
    alone: (trx, { game, round, bet, at }) => this.payCashout(trx, game, round, bet, at),
    fellBack: (error, items) => this.kit.ctx.log.warn({ err: error, items }, 'crash cash-outs paid one by one'),
  };

  /** Pays a cash-out in the batch of the moment's cash-outs (`cashingOut`). */
  private payTogether(item: PendingCashout): Promise<Paid> {
    return this.kit.batcher.runGrouped('cashout:crash', item, this.cashingOut);
  }

  /** Pays a bet out at `at` (hundredths) if it is still open; undefined when it was settled first. */
  private async payCashout(trx: Database, game: HouseGame, round: repo.SharedRound, bet: CashoutBet, at: number): Promise<Paid> {
    const win = crashPayout(bet.stake_centavos, at);
    const settled = await repo.settleBet(trx, bet.id, { status: 'won', cashout_x100: at, win_centavos: win, settled_at: nowIso() });
    if (!settled) return undefined;
    const credited = await credit(trx, roundRefOf(game, bet.member_id, bet.game_round_uid), cashoutCredit(round, bet, at, win));
    return { win, balance: credited.balanceCentavos };
  }

  /**
   * payCashout for the cash-outs of a moment: the bets still open settled in one statement, their
   * wins paid by the wallet's creditMany. A bet asked twice in the batch is paid once (the other
   * ask answers as payCashout would, after it); a win the wallet leaves `alone` is credited here.
   */
  private async payCashouts(trx: Database, items: PendingCashout[]): Promise<GroupOutcome<Paid>[]> {
    const outcomes: GroupOutcome<Paid>[] = items.map(() => ({ ok: 'alone' }));
    const firstOf = new Map<number, number>();
    items.forEach((item, i) => {
      if (!firstOf.has(item.bet.id)) firstOf.set(item.bet.id, i);
    });
    const asked = [...firstOf.values()].map((index) => {
      const item = items[index] as PendingCashout;
      return { index, item, win: crashPayout(item.bet.stake_centavos, item.at) };
    });
    const settled = await repo.settleBetsWon(
      trx,
      asked.map(({ item, win }) => ({ id: item.bet.id, cashoutX100: item.at, winCentavos: win })),
      nowIso(),
    );
    const paying = asked.filter(({ index, item }) => {
      if (settled.has(item.bet.id)) return true;
      outcomes[index] = { ok: true, value: undefined }; // settled first: not paid
      return false;
    });
    const credits = paying.map(({ item, win }) => ({
      round: roundRefOf(item.game, item.bet.member_id, item.bet.game_round_uid),
      input: cashoutCredit(item.round, item.bet, item.at, win),
    }));
    const credited = await creditMany(trx, credits);
    for (const [k, { index, win }] of paying.entries()) {
      const outcome = credited[k] as CreditManyOutcome;
      const done = outcome.ok === 'alone' ? await credit(trx, credits[k]!.round, credits[k]!.input) : outcome.done;
      outcomes[index] = { ok: true, value: { win, balance: done.balanceCentavos } };
    }
    return outcomes;
  }

  private publishCashouts(roundId: number, items: { memberId: number; at: number; win: number }[]): void {
    if (items.length === 0) return;
    this.engine.publish({
      kind: 'cashouts',
      round_id: roundId,
      items: items.map((i) => ({ key: String(i.memberId), multiplier: formatHundredths(i.at), win: formatCentavos(i.win) })),
    });
  }

  // ---- the rounds (leader only) ----------------------------------------------------------------

  refundIds(bet: repo.SharedBetRow): { txId: string; refTxId: string } {
    return { txId: `${bet.game_round_uid}:refund`, refTxId: betTxId(bet.game_round_uid) };
  }

  async beginDraw(round: repo.SharedRound): Promise<void> {
    this.runningRounds.set(round.id, round);
    const riders = (await repo.betsOfRound(this.kit.ctx.db, round.id)).filter((b) => b.status === 'open');
    this.riders = { roundId: round.id, byMember: new Map(riders.map((b) => [b.member_id, b])) };
    this.autos = riders.filter((b) => b.auto_cashout_x100 !== null).sort((a, b) => (a.auto_cashout_x100 ?? 0) - (b.auto_cashout_x100 ?? 0));
  }

  /** The curve rises, ticking, until the crash point; auto cash-outs are paid as it passes them. */
  async draw(game: HouseGame | undefined, round: repo.SharedRound, signal: AbortSignal): Promise<void> {
    const startedAt = Date.parse(round.started_at as string);
    const autos = this.autos;
    const payouts: Promise<unknown>[] = [];
    const bustAt = startedAt + Math.ceil(msForMultiplier(round.result) / this.timings.speed);
    try {
      for (let tick = 1; ; tick += 1) {
        const due = startedAt + tick * this.timings.tickMs;
        if (due >= bustAt) {
          await sleepUntil(bustAt, signal);
          return;
        }
        await sleepUntil(due, signal);
        if (signal.aborted) return;
        const now = Date.now();
        if (now >= bustAt) return;
        if (this.tickLatenessMs.length >= LATENESS_SAMPLES) this.tickLatenessMs.shift();
        this.tickLatenessMs.push(now - due);
        const curveMs = (now - startedAt) * this.timings.speed;
        const at = multiplierAt(curveMs);
        // Auto cash-outs the curve has passed are paid exactly at their targets.
        const reached: repo.SharedBetRow[] = [];
        while (autos.length > 0 && (autos[0]?.auto_cashout_x100 ?? Number.POSITIVE_INFINITY) <= at)
          reached.push(autos.shift() as repo.SharedBetRow);
        if (reached.length > 0 && game) payouts.push(this.payAutos(game, round, reached));
        this.engine.publish({
          kind: 'tick',
          data: { round_id: round.id, multiplier: formatHundredths(at), elapsed_ms: Math.floor(curveMs) },
        });
      }
    } finally {
      this.riders = undefined;
      this.autos = [];
      await Promise.allSettled(payouts);
    }
  }

  ended(round: repo.SharedRound): void {
    this.runningRounds.delete(round.id);
  }

  private async payAutos(game: HouseGame, round: repo.SharedRound, bets: repo.SharedBetRow[]): Promise<void> {
    const results = await Promise.allSettled(
      bets.map((bet) => this.payTogether({ game, round, bet, at: bet.auto_cashout_x100 as number })),
    );
    const paid: { memberId: number; at: number; win: number }[] = [];
    results.forEach((result, i) => {
      const bet = bets[i] as repo.SharedBetRow;
      if (result.status === 'fulfilled' && result.value) {
        paid.push({ memberId: bet.member_id, at: bet.auto_cashout_x100 as number, win: result.value.win });
        if (this.riders?.roundId === round.id) this.riders.byMember.delete(bet.member_id);
      } else if (result.status === 'rejected') this.kit.ctx.log.error({ err: result.reason, bet: bet.id }, 'crash auto cash-out failed');
    });
    this.publishCashouts(round.id, paid);
    for (const p of paid) this.kit.balances.push(p.memberId);
  }

  /** Bust: targets at or under the crash point are paid, every other bet is lost. */
  async settle(game: HouseGame, round: repo.SharedRound, open: repo.SharedBetRow[]): Promise<void> {
    const crashPoint = round.result;
    const winners = open.filter((b) => b.auto_cashout_x100 !== null && b.auto_cashout_x100 <= crashPoint);
    if (winners.length > 0) await this.payAutos(game, round, winners);
    const losers = open.filter((b) => !winners.includes(b));
    const results = await Promise.allSettled(
      losers.map((bet) =>
        this.kit.batcher.run(async (trx) => {
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
      if (result.status === 'rejected') this.kit.ctx.log.error({ err: result.reason, bet: losers[i]?.id }, 'crash settlement failed');
    }
  }
}
