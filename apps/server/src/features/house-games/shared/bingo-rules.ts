import { createHmac } from 'node:crypto';
import {
  BINGO_RULES,
  type BingoPrize,
  type BingoRoom,
  ballOrder,
  bingoCard,
  bingoStream,
  type PlayedCard,
  playRound,
  potOf,
  type RoundResult,
  type StreamOf,
  winsByCard,
} from '@casino/games/bingo';
import type { FloatSource } from '@casino/games/fair';
import { centavos, formatCentavos } from '@casino/shared/money';
import type { BingoCard, BingoPrizeView, BingoServerMessage, BingoState } from '@casino/shared/schemas/house-bingo';
import type { HouseServerMessage } from '@casino/shared/schemas/house-games';
import { nowIso } from '../../../db/database.ts';
import { AppError } from '../../../lib/http.ts';
import { credit, settleLost } from '../../wallet/wallet.service.ts';
import { type HouseGame, roundRefOf } from '../house-game.ts';
import { maskAccount, sleepUntil } from './feed.ts';
import { type ListedBet, type RoundKit, type RoundView, SharedRoundGame } from './round-engine.ts';
import * as bingoRepo from './bingo.repository.ts';
import * as repo from './shared-rounds.repository.ts';

/**
 * Bingo rooms (bingo-75, bingo-90) on the shared-round engine. A round: the buying window
 * (bettingMs), then one ball every ballMs until the first full house, then settlement and a pause.
 * A purchase of n cards is one shared bet (choice 'cards', stake n x price); its cards are
 * `${bet id}-${i}`, derived from the round's hash and salt (packages/games bingo.ts), shown to the
 * member as soon as they are bought. The leader draws the balls and, when the round ends, writes
 * the result once (bingo_rounds, with the room's jackpot pool in bingo_jackpots) and pays each
 * member's cards with one credit keyed by the member's round (`${roundUid}:win`): a second
 * settlement finds the stored result and the same keys, so nothing is paid twice. Payment does
 * not depend on a socket: a member who left is paid like the others. A round a stopped leader left
 * unfinished is cancelled by the next one and its purchases refunded (the engine's restart rule).
 */

export interface BingoTimings {
  bettingMs: number;
  ballMs: number;
  pauseMs: number;
  chainLength: number;
  maxCards: number;
}

type PublicBet = { player: string; cards: number };
type Snapshot = Omit<BingoState, 'server_time' | 'my_cards'> & { jackpot_base: number };
type History = BingoState['history'][number];

const CHOICE = 'cards';
const TWO_32 = 2 ** 32;

/** fair.ts's hmacFloats with node's HMAC (the same bytes, many times faster than the portable one). */
export const nodeStream: StreamOf = (hash, clientSeed) => {
  const key = Buffer.from(hash, 'utf8');
  let round = 0;
  let digest = createHmac('sha256', key).update(`${clientSeed}:0:0`).digest();
  let cursor = 0;
  const next: FloatSource = () => {
    if (cursor === 32) {
      round += 1;
      digest = createHmac('sha256', key).update(`${clientSeed}:0:${round}`).digest();
      cursor = 0;
    }
    const value = digest.readUInt32BE(cursor) / TWO_32;
    cursor += 4;
    return value;
  };
  return next;
};

// Checked once against packages/games: the server's stream must be the verifier's.
{
  const a = nodeStream('ab'.repeat(32), 'check');
  const b = bingoStream('ab'.repeat(32), 'check');
  for (let i = 0; i < 20; i += 1) if (a() !== b()) throw new Error('bingo stream differs from packages/games');
}

const memberRoundUid = (room: BingoRoom, sharedUid: string, memberId: number) => `${room}:${sharedUid}:${memberId}`;
const buyTxId = (roundUid: string) => `${roundUid}:buy`;

function cardsOf(stakeCentavos: number, room: BingoRoom): number {
  return Math.round(stakeCentavos / BINGO_RULES[room].priceCentavos);
}

export class BingoGame extends SharedRoundGame<Snapshot, PublicBet, History, BingoTimings> {
  readonly drawStatus = 'running';
  readonly newsOnEveryBet = true;
  private readonly salts = new Map<number, string>();
  /** The leader's drawn round: its order and result, the accounts behind the purchases. */
  private current: { roundId: number; order: number[]; result: RoundResult; accounts: Map<number, string> } | undefined;

  constructor(
    kit: RoundKit,
    timings: BingoTimings,
    readonly game: BingoRoom,
  ) {
    super(kit, timings);
  }

  private get rules() {
    return BINGO_RULES[this.game];
  }

  resultOf(hash: string, salt: string): number {
    return ballOrder(this.game, hash, salt, nodeStream)[0] as number;
  }

  private async saltOf(chainId: number): Promise<string> {
    const known = this.salts.get(chainId);
    if (known !== undefined) return known;
    const chain = await repo.findChain(this.kit.ctx.db, chainId);
    const salt = chain?.salt ?? '';
    if (salt !== '') this.salts.set(chainId, salt);
    return salt;
  }

  // ---- what every process shows ----------------------------------------------------------------

  betKey(row: Pick<repo.SharedBetRow, 'member_id' | 'choice'>): string {
    return `${row.member_id}:${row.choice}`;
  }

  publicBet(row: Pick<repo.SharedBetRow, 'account' | 'stake_centavos'>): PublicBet {
    return { player: maskAccount(row.account), cards: cardsOf(row.stake_centavos, this.game) };
  }

  historyOf(round: { id: number; hash: string; result: number }): History {
    const called = this.current?.roundId === round.id ? this.current.result.ballsCalled : 0;
    return { round_id: round.id, balls_called: called, hash: round.hash };
  }

  private prizeViews(
    sales: number,
    result?: RoundResult,
    upTo = Number.POSITIVE_INFINITY,
    accounts?: Map<number, string>,
  ): BingoPrizeView[] {
    const pot = potOf(this.game, sales);
    return this.rules.prizes.map(({ prize }) => {
      const won = result?.prizes.find((p) => p.prize === prize);
      const shown = won && won.ball <= upTo;
      return {
        prize,
        amount: formatCentavos(pot.prizes[prize]),
        ball: shown ? won.ball : null,
        winners: shown
          ? won.winners.map((w) => ({
              player: maskAccount(accounts?.get(w.purchaseId) ?? ''),
              card: `${w.purchaseId}-${w.index}`,
              win: formatCentavos(w.win),
            }))
          : [],
      };
    });
  }

  private sums(lines: Iterable<ListedBet<PublicBet>>) {
    let cards = 0;
    let players = 0;
    for (const { bet } of lines) {
      cards += bet.cards;
      players += 1;
    }
    return { cards, players, sales: cards * this.rules.priceCentavos };
  }

  extras(lines: Iterable<ListedBet<PublicBet>>) {
    const { cards, players, sales } = this.sums(lines);
    const snapshot = this.engine.snapshot;
    const pot = potOf(this.game, sales);
    const drawn = snapshot?.phase !== 'buying';
    return {
      cards_sold: cards,
      players,
      sales: formatCentavos(sales),
      pot: formatCentavos(pot.prizePool),
      jackpot: formatCentavos((snapshot?.jackpot_base ?? 0) + pot.jackpotShare),
      // Once drawing, the prizes (with their winners) come from the draw.
      ...(drawn && snapshot ? {} : { prizes: this.prizeViews(sales) }),
    };
  }

  snapshotOf(round: repo.SharedRound, terminatingHash: string, history: History[]): Snapshot {
    const phase = round.status === 'betting' ? 'buying' : round.status === 'running' ? 'drawing' : 'ended';
    const current = this.current?.roundId === round.id ? this.current : undefined;
    const result = current?.result;
    const ended = phase === 'ended';
    const salt = this.salts.get(round.chain_id) ?? null;
    const sales = result?.salesCentavos ?? 0;
    return {
      room: this.game,
      round_id: round.id,
      phase,
      buy_ends_at: Date.parse(round.betting_ends_at),
      ball_ms: this.timings.ballMs,
      balls_total: this.rules.balls,
      price: formatCentavos(this.rules.priceCentavos),
      max_cards: this.timings.maxCards,
      balls: ended && current ? current.order.slice(0, result?.ballsCalled ?? 0) : [],
      cards_sold: 0,
      players: 0,
      sales: formatCentavos(sales),
      pot: formatCentavos(potOf(this.game, sales).prizePool),
      prizes: this.prizeViews(sales, ended ? result : undefined, Number.POSITIVE_INFINITY, current?.accounts),
      jackpot: '0.00',
      // Ended: what carries over to the next round (the extras add this round's share back).
      jackpot_base: ended && result ? result.poolAfter - potOf(this.game, result.salesCentavos).jackpotShare : this.jackpotBase,
      jackpot_balls: this.rules.jackpotBalls,
      jackpot_won:
        ended && result?.jackpot.won
          ? {
              amount: formatCentavos(result.jackpot.amount),
              winners: result.jackpot.winners.map((w) => ({
                player: maskAccount(current?.accounts.get(w.purchaseId) ?? ''),
                card: `${w.purchaseId}-${w.index}`,
                win: formatCentavos(w.win),
              })),
            }
          : null,
      hash: ended ? round.hash : null,
      salt: ended ? salt : null,
      history,
      terminating_hash: terminatingHash,
    };
  }

  /** The room's pool before the current round's share (read by the leader when a round opens and draws). */
  private jackpotBase = 0;

  stateMessage(state: Snapshot & { server_time: number; bets: PublicBet[] }): HouseServerMessage {
    const { bets: _bets, jackpot_base: _base, ...data } = state;
    return { type: 'bingo.state', data } satisfies BingoServerMessage as unknown as HouseServerMessage;
  }

  news(roundId: number, _newBets: PublicBet[]): HouseServerMessage[] {
    const { cards, players, sales } = this.sums(this.engine.bets.values());
    const message: BingoServerMessage = {
      type: 'bingo.bets',
      data: {
        room: this.game,
        round_id: roundId,
        cards_sold: cards,
        players,
        sales: formatCentavos(sales),
        pot: formatCentavos(potOf(this.game, sales).prizePool),
      },
    };
    return [message as unknown as HouseServerMessage];
  }

  /** A ball called (from the leader, on every process): into the view, then to the sockets. */
  onMessage(message: { kind: string; [key: string]: unknown }, view: RoundView<Snapshot, PublicBet>): void {
    if (message.kind !== 'ball') return;
    const data = message.data as Extract<BingoServerMessage, { type: 'bingo.ball' }>['data'];
    const snapshot = view.snapshot;
    if (!snapshot || snapshot.round_id !== data.round_id) return;
    if (snapshot.balls.length < data.count) snapshot.balls = data.balls;
    snapshot.prizes = data.prizes;
    view.feed.broadcast({ type: 'bingo.ball', data } satisfies BingoServerMessage as unknown as HouseServerMessage);
  }

  /** One room's state for the screens (GET rooms, a socket's first message), with the member's cards. */
  async state(memberId?: number): Promise<BingoState> {
    const { state, mine } = await this.engine.state(memberId);
    const { bets: _bets, jackpot_base: _base, ...data } = state;
    if (memberId === undefined) return data;
    const round = await bingoRepo.roundSeed(this.kit.ctx.db, state.round_id);
    const salt = await this.saltOf(round?.chain_id ?? 0);
    const hash = round?.hash ?? '';
    const wins = mine.some((b) => b.status !== 'open') ? await this.storedWins(state.round_id) : undefined;
    const my_cards: BingoCard[] = mine.flatMap((bet) => this.cardsOfBet(bet, hash, salt, wins));
    return { ...data, my_cards };
  }

  private cardsOfBet(
    bet: { id: number; stake_centavos: number; status: string },
    hash: string,
    salt: string,
    wins?: Map<string, number>,
  ): BingoCard[] {
    return Array.from({ length: cardsOf(bet.stake_centavos, this.game) }, (_, i) => {
      const id = `${bet.id}-${i}`;
      return {
        id,
        cells: bingoCard(this.game, hash, salt, id, nodeStream),
        win: bet.status === 'open' ? null : formatCentavos(wins?.get(id) ?? 0),
      };
    });
  }

  private async storedWins(roundId: number): Promise<Map<string, number> | undefined> {
    const result = await bingoRepo.storedResult(this.kit.ctx.db, roundId);
    return result ? winsByCard(JSON.parse(result) as RoundResult) : undefined;
  }

  // ---- purchases (any process) -----------------------------------------------------------------

  async buy(member: { id: number; account: string }, input: { cards: number }) {
    if (!Number.isInteger(input.cards) || input.cards < 1 || input.cards > this.timings.maxCards) {
      throw new AppError('VALIDATION_FAILED', { fieldErrors: { cards: ['bingo.cards_invalid'] } });
    }
    const amount = input.cards * this.rules.priceCentavos;
    const placed = await this.engine.takeBet(member, {
      choice: CHOICE,
      amountCentavos: amount,
      roundUid: (sharedUid) => memberRoundUid(this.game, sharedUid, member.id),
      txId: buyTxId,
      outcome: (round) => ({ game: this.game, shared_round_id: round.id, cards: input.cards }),
    });
    const bet = (await repo.memberBets(this.kit.ctx.db, placed.round.id, member.id)).find((b) => b.choice === CHOICE);
    if (!bet) throw new AppError('ROUND_NOT_FOUND');
    const salt = await this.saltOf(placed.round.chain_id);
    return {
      room: this.game,
      round_id: placed.round.id,
      amount: formatCentavos(amount),
      cards: this.cardsOfBet(bet, placed.round.hash, salt),
      balance: formatCentavos(placed.balance),
    };
  }

  // ---- the rounds (leader only) ----------------------------------------------------------------

  refundIds(bet: repo.SharedBetRow): { txId: string; refTxId: string } {
    return { txId: `${bet.game_round_uid}:refund`, refTxId: buyTxId(bet.game_round_uid) };
  }

  private async readPool(): Promise<number> {
    return bingoRepo.jackpotPool(this.kit.ctx.db, this.game);
  }

  /** The buying window closed: the cards are known, so is the whole round. */
  async beginDraw(round: repo.SharedRound): Promise<void> {
    const salt = await this.saltOf(round.chain_id);
    const bets = (await repo.betsOfRound(this.kit.ctx.db, round.id)).filter((b) => b.status === 'open');
    const cards: PlayedCard[] = bets.flatMap((bet) =>
      Array.from({ length: cardsOf(bet.stake_centavos, this.game) }, (_, index) => ({
        purchaseId: bet.id,
        index,
        cells: bingoCard(this.game, round.hash, salt, `${bet.id}-${index}`, nodeStream),
      })),
    );
    this.jackpotBase = await this.readPool();
    const order = ballOrder(this.game, round.hash, salt, nodeStream);
    const result = playRound(this.game, order, cards, this.jackpotBase);
    this.current = { roundId: round.id, order, result, accounts: new Map(bets.map((b) => [b.id, b.account])) };
  }

  /** One ball every ballMs until the full house (none when no card was sold). */
  async draw(_game: HouseGame | undefined, round: repo.SharedRound, signal: AbortSignal): Promise<void> {
    const current = this.current;
    if (current?.roundId !== round.id) return;
    const startedAt = Date.parse(round.started_at as string);
    for (let count = 1; count <= current.result.ballsCalled; count += 1) {
      await sleepUntil(startedAt + count * this.timings.ballMs, signal);
      if (signal.aborted) return;
      this.engine.publish({
        kind: 'ball',
        data: {
          room: this.game,
          round_id: round.id,
          ball: current.order[count - 1] as number,
          count,
          balls: current.order.slice(0, count),
          prizes: this.prizeViews(current.result.salesCentavos, current.result, count, current.accounts),
        },
      });
    }
  }

  /** Runs rounds until the signal aborts, starting from the room's jackpot pool. */
  override async lead(signal: AbortSignal): Promise<void> {
    this.jackpotBase = await this.readPool();
    return super.lead(signal);
  }

  /**
   * Writes the round's result once (and moves the room's pool once), then pays every member's
   * cards: one credit per member round, or the round closed as lost.
   */
  async settle(game: HouseGame, round: repo.SharedRound, open: repo.SharedBetRow[]): Promise<void> {
    const current = this.current;
    if (current?.roundId !== round.id) throw new Error(`bingo round ${round.id} settled without its draw`);
    const result = await this.kit.batcher.run(async (trx) => {
      const stored = await bingoRepo.recordResult(trx, {
        roundId: round.id,
        room: this.game,
        cards: Math.round(current.result.salesCentavos / this.rules.priceCentavos),
        salesCentavos: current.result.salesCentavos,
        ballsCalled: current.result.ballsCalled,
        jackpotCentavos: current.result.jackpot.amount,
        poolAfterCentavos: current.result.poolAfter,
        result: JSON.stringify(current.result),
        now: nowIso(),
      });
      if (stored) return JSON.parse(stored) as RoundResult;
      return current.result;
    });
    this.jackpotBase = result.poolAfter;
    const wins = winsByCard(result);
    const settled = await Promise.allSettled(
      open.map((bet) =>
        this.kit.batcher.run(async (trx) => {
          const n = cardsOf(bet.stake_centavos, this.game);
          const cardWins = Array.from({ length: n }, (_, i) => wins.get(`${bet.id}-${i}`) ?? 0);
          const total = cardWins.reduce((s, x) => s + x, 0);
          if (!(await repo.settleBet(trx, bet.id, { status: total > 0 ? 'won' : 'lost', win_centavos: total, settled_at: nowIso() })))
            return 0;
          const prizes: { card: string; prize: BingoPrize | 'jackpot'; win: number }[] = [];
          for (const p of result.prizes)
            for (const w of p.winners)
              if (w.purchaseId === bet.id) prizes.push({ card: `${w.purchaseId}-${w.index}`, prize: p.prize, win: w.win });
          for (const w of result.jackpot.winners)
            if (w.purchaseId === bet.id) prizes.push({ card: `${w.purchaseId}-${w.index}`, prize: 'jackpot', win: w.win });
          const outcome = {
            game: this.game,
            shared_round_id: round.id,
            cards: cardWins.map((win, i) => ({ id: `${bet.id}-${i}`, win_centavos: win })),
            balls_called: result.ballsCalled,
            prizes,
          };
          const ref = roundRefOf(game, bet.member_id, bet.game_round_uid);
          if (total > 0) await credit(trx, ref, { txId: `${bet.game_round_uid}:win`, amountCentavos: centavos(total), outcome });
          else await settleLost(trx, ref, outcome);
          return total;
        }),
      ),
    );
    settled.forEach((outcome, i) => {
      const bet = open[i] as repo.SharedBetRow;
      if (outcome.status === 'rejected')
        this.kit.ctx.log.error({ err: outcome.reason, member: bet.member_id }, `${this.game} settlement failed`);
      else if (outcome.value > 0) this.kit.balances.push(bet.member_id);
    });
  }
}
