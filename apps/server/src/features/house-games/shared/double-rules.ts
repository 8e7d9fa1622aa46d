import { doubleColor, doublePayout, doubleRollFromHash } from '@casino/games/double';
import { formatCentavos } from '@casino/shared/money';
import type { DoubleColor, DoubleState, HouseServerMessage } from '@casino/shared/schemas/house-games';
import type { HouseGame } from '../house-game.ts';
import { maskAccount, sleepUntil } from './feed.ts';
import { type ListedBet, SharedRoundGame } from './round-engine.ts';
import type * as repo from './shared-rounds.repository.ts';

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
type History = DoubleState['history'][number];

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

/** Double's rules on the shared-round engine: colour bets, the spin and the payouts. */
export class DoubleGame extends SharedRoundGame<Snapshot, PublicBet, History, DoubleTimings> {
  readonly game = 'double' as const;
  readonly drawStatus = 'spinning';
  /** Totals change with every bet, so news goes out even when the list is full. */
  readonly newsOnEveryBet = true;

  resultOf(hash: string, salt: string): number {
    return doubleRollFromHash(hash, salt);
  }

  // ---- what every process shows ----------------------------------------------------------------

  betKey(row: Pick<repo.SharedBetRow, 'member_id' | 'choice'>): string {
    return `${row.member_id}:${row.choice}`;
  }

  publicBet(row: Parameters<typeof publicBet>[0]): PublicBet {
    return publicBet(row);
  }

  historyOf(round: { id: number; hash: string; result: number }): History {
    return { round_id: round.id, roll: round.result, color: doubleColor(round.result), hash: round.hash };
  }

  extras(lines: Iterable<ListedBet<PublicBet>>) {
    return { totals: this.totals(lines) };
  }

  private totals(lines: Iterable<ListedBet<PublicBet>>) {
    const sums: Record<DoubleColor, number> = { red: 0, black: 0, white: 0 };
    for (const { bet, stake } of lines) sums[bet.color] += stake;
    return { red: formatCentavos(sums.red), black: formatCentavos(sums.black), white: formatCentavos(sums.white) };
  }

  snapshotOf(round: repo.SharedRound, terminatingHash: string, history: History[]): Snapshot {
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

  stateMessage(state: DoubleState): HouseServerMessage {
    return { type: 'double.state', data: state };
  }

  news(roundId: number, newBets: PublicBet[]): HouseServerMessage[] {
    return [{ type: 'double.bets', data: { round_id: roundId, bets: newBets, totals: this.totals(this.engine.bets.values()) } }];
  }

  /** GET API.house.doubleState (and a socket's first message), with the member's own stakes. */
  async state(memberId?: number): Promise<DoubleState> {
    const { state, mine } = await this.engine.state(memberId);
    const withTotals = state as DoubleState;
    if (memberId === undefined) return withTotals;
    return {
      ...withTotals,
      my_bets: mine.map((b) => ({
        color: b.choice as DoubleColor,
        amount: formatCentavos(b.stake_centavos),
        win: b.status === 'open' ? null : formatCentavos(b.win_centavos),
      })),
    };
  }

  // ---- bets (any process) ----------------------------------------------------------------------

  async bet(member: { id: number; account: string }, input: { amount: number; color: DoubleColor }) {
    const placed = await this.engine.takeBet(member, {
      choice: input.color,
      amountCentavos: input.amount,
      roundUid: (sharedUid) => memberRoundUid(sharedUid, member.id),
      txId: (roundUid) => betTxId(roundUid, input.color),
      outcome: (round) => ({ game: 'double', shared_round_id: round.id }),
    });
    return { round_id: placed.round.id, color: input.color, amount: formatCentavos(input.amount), balance: formatCentavos(placed.balance) };
  }

  // ---- the rounds (leader only) ----------------------------------------------------------------

  refundIds(bet: repo.SharedBetRow): { txId: string; refTxId: string } {
    return { txId: `${bet.game_round_uid}:refund:${bet.choice}`, refTxId: betTxId(bet.game_round_uid, bet.choice) };
  }

  /** The wheel spins for spinMs; the roll was drawn with the round. */
  async draw(_game: HouseGame | undefined, round: repo.SharedRound, signal: AbortSignal): Promise<void> {
    await sleepUntil(Date.parse(round.started_at as string) + this.timings.spinMs, signal);
  }

  /** Pays every member's stakes of an ended round: one credit (or loss) per member's game round. */
  async settle(game: HouseGame, round: repo.SharedRound, open: repo.SharedBetRow[]): Promise<void> {
    const roll = round.result;
    await this.settleByMember(
      game,
      round,
      open,
      (bet) => doublePayout(bet.stake_centavos, bet.choice as DoubleColor, roll),
      (lines) => ({
        roll,
        color: doubleColor(roll),
        bets: lines.map(({ bet, win }) => ({ color: bet.choice, bet_centavos: bet.stake_centavos, win_centavos: win })),
      }),
    );
  }
}
