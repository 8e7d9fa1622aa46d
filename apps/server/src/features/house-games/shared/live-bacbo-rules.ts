import { type BacboBet, bacboPayout } from '@casino/games/bacbo';
import { bacboOutcomeOfResult, decodeBacboDice, liveBacboResultFromHash } from '@casino/games/live-tables';
import { formatCentavos } from '@casino/shared/money';
import type { HouseServerMessage } from '@casino/shared/schemas/house-games';
import type { LiveBacboPlayerBet, LiveBacboSide, LiveBacboState } from '@casino/shared/schemas/house-live-tables';
import type { HouseGame } from '../house-game.ts';
import { maskAccount, sleepUntil } from './feed.ts';
import { type ListedBet, SharedRoundGame } from './round-engine.ts';
import type * as repo from './shared-rounds.repository.ts';

/**
 * Live Bac Bo (issue 14): an RNG table, no video dealer. Shared rounds over /ws/live-bacbo like
 * double: a betting window, then two pairs of dice roll to the values drawn from the round's
 * chain hash (packages/games live-tables.ts: die_k = 1 + floor(6 * r_k / 2^52), Player's two
 * then Banker's two), then the round ends and pays bacbo.ts' payouts (Player/Banker 2x, 90% back
 * on a tie; Tie 5x..89x by the tied total). One stake per side and round (a member may back
 * several sides); all of a member's stakes in a round form one game round. The round's result
 * is stored as 1000 * P1 + 100 * P2 + 10 * B1 + B2.
 */

export interface LiveBacboTimings {
  bettingMs: number;
  rollMs: number;
  pauseMs: number;
  chainLength: number;
}

type Snapshot = Omit<LiveBacboState, 'server_time' | 'my_bets' | 'bets' | 'totals'>;
type History = LiveBacboState['history'][number];

const GAME = 'live-bac-bo' as const;
const memberRoundUid = (sharedUid: string, memberId: number) => `${GAME}:${sharedUid}:${memberId}`;
const betTxId = (roundUid: string, side: string) => `${roundUid}:bet:${side}`;

function publicBet(row: Pick<repo.SharedBetRow, 'account' | 'choice' | 'stake_centavos' | 'win_centavos' | 'status'>): LiveBacboPlayerBet {
  return {
    player: maskAccount(row.account),
    side: row.choice as LiveBacboSide,
    amount: formatCentavos(row.stake_centavos),
    win: row.status === 'open' ? null : formatCentavos(row.win_centavos),
  };
}

/** What a stake on `side` returns for a stored round result (stake included). */
export function liveBacboReturn(side: BacboBet, stakeCentavos: number, result: number): number {
  return bacboPayout(side, stakeCentavos, bacboOutcomeOfResult(result));
}

export class LiveBacboGame extends SharedRoundGame<Snapshot, LiveBacboPlayerBet, History, LiveBacboTimings> {
  readonly game = GAME;
  /** Stored as 'spinning' (the restart rule's unfinished phases); the screens call it 'rolling'. */
  readonly drawStatus = 'spinning';
  readonly newsOnEveryBet = true;

  resultOf(hash: string, salt: string): number {
    return liveBacboResultFromHash(hash, salt);
  }

  betKey(row: Pick<repo.SharedBetRow, 'member_id' | 'choice'>): string {
    return `${row.member_id}:${row.choice}`;
  }

  publicBet(row: Parameters<typeof publicBet>[0]): LiveBacboPlayerBet {
    return publicBet(row);
  }

  historyOf(round: { id: number; hash: string; result: number }): History {
    const o = bacboOutcomeOfResult(round.result);
    return {
      round_id: round.id,
      dice: decodeBacboDice(round.result),
      player_total: o.playerTotal,
      banker_total: o.bankerTotal,
      winner: o.winner,
      hash: round.hash,
    };
  }

  extras(lines: Iterable<ListedBet<LiveBacboPlayerBet>>) {
    return { totals: this.totals(lines) };
  }

  private totals(lines: Iterable<ListedBet<LiveBacboPlayerBet>>) {
    const sums: Record<LiveBacboSide, number> = { player: 0, banker: 0, tie: 0 };
    for (const { bet, stake } of lines) sums[bet.side] += stake;
    return { player: formatCentavos(sums.player), banker: formatCentavos(sums.banker), tie: formatCentavos(sums.tie) };
  }

  snapshotOf(round: repo.SharedRound, terminatingHash: string, history: History[]): Snapshot {
    const shown = round.status === 'spinning' || round.status === 'ended';
    const startedAt = round.started_at ? Date.parse(round.started_at) : null;
    const o = shown ? bacboOutcomeOfResult(round.result) : null;
    return {
      round_id: round.id,
      phase: round.status === 'betting' ? 'betting' : round.status === 'spinning' ? 'rolling' : 'ended',
      betting_ends_at: Date.parse(round.betting_ends_at),
      roll_ends_at: startedAt === null ? null : startedAt + this.timings.rollMs,
      dice: shown ? decodeBacboDice(round.result) : null,
      player_total: o ? o.playerTotal : null,
      banker_total: o ? o.bankerTotal : null,
      winner: o ? o.winner : null,
      hash: round.status === 'ended' ? round.hash : null,
      history,
      terminating_hash: terminatingHash,
    };
  }

  stateMessage(state: LiveBacboState): HouseServerMessage {
    return { type: 'live-bacbo.state', data: state } as unknown as HouseServerMessage;
  }

  news(roundId: number, newBets: LiveBacboPlayerBet[]): HouseServerMessage[] {
    const data = { round_id: roundId, bets: newBets, totals: this.totals(this.engine.bets.values()) };
    return [{ type: 'live-bacbo.bets', data } as unknown as HouseServerMessage];
  }

  async state(memberId?: number): Promise<LiveBacboState> {
    const { state, mine } = await this.engine.state(memberId);
    const full = state as LiveBacboState;
    if (memberId === undefined) return full;
    return {
      ...full,
      my_bets: mine.map((b) => ({
        side: b.choice as LiveBacboSide,
        amount: formatCentavos(b.stake_centavos),
        win: b.status === 'open' ? null : formatCentavos(b.win_centavos),
      })),
    };
  }

  async bet(member: { id: number; account: string }, input: { amount: number; side: LiveBacboSide }) {
    const placed = await this.engine.takeBet(member, {
      choice: input.side,
      amountCentavos: input.amount,
      roundUid: (sharedUid) => memberRoundUid(sharedUid, member.id),
      txId: (roundUid) => betTxId(roundUid, input.side),
      outcome: (round) => ({ game: GAME, shared_round_id: round.id }),
    });
    return { round_id: placed.round.id, side: input.side, amount: formatCentavos(input.amount), balance: formatCentavos(placed.balance) };
  }

  refundIds(bet: repo.SharedBetRow): { txId: string; refTxId: string } {
    return { txId: `${bet.game_round_uid}:refund:${bet.choice}`, refTxId: betTxId(bet.game_round_uid, bet.choice) };
  }

  async draw(_game: HouseGame | undefined, round: repo.SharedRound, signal: AbortSignal): Promise<void> {
    await sleepUntil(Date.parse(round.started_at as string) + this.timings.rollMs, signal);
  }

  async settle(game: HouseGame, round: repo.SharedRound, open: repo.SharedBetRow[]): Promise<void> {
    const result = round.result;
    const o = bacboOutcomeOfResult(result);
    await this.settleByMember(
      game,
      round,
      open,
      (bet) => liveBacboReturn(bet.choice as BacboBet, bet.stake_centavos, result),
      (lines) => ({
        dice: decodeBacboDice(result),
        player_total: o.playerTotal,
        banker_total: o.bankerTotal,
        winner: o.winner,
        bets: lines.map(({ bet, win }) => ({ side: bet.choice, bet_centavos: bet.stake_centavos, win_centavos: win })),
      }),
    );
  }
}
