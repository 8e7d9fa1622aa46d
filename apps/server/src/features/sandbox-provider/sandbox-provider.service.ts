import { randomUUID } from 'node:crypto';
import type { SeamlessAction, SeamlessStatus } from '@casino/shared/schemas/games';
import {
  cryptoRng,
  type KenoOutcome,
  type PescaOutcome,
  payout,
  playKeno,
  playPesca,
  playTigre,
  type Rng,
  SANDBOX_STAKES,
  type SandboxGameCode,
  type TigreOutcome,
} from './sandbox-games.ts';
import type { SeamlessWalletClient } from './wallet-client.ts';

/**
 * The sandbox aggregator's game server: it plays a round the way a remote provider does. Stake
 * first (bet); no answer means the bet is rolled back; then the outcome from its own RNG, then the
 * win (zero for a loss), retried until the wallet answers. Calls that still got no answer wait in
 * a bounded queue and are retried in the background.
 */

export type Choice = { spot?: number | undefined; picks?: number[] | undefined };
export type Outcome = TigreOutcome | PescaOutcome | KenoOutcome;

export type RoundResult =
  | {
      ok: true;
      roundId: string;
      outcome: Outcome;
      stakeCentavos: number;
      winCentavos: number;
      balanceCentavos: number;
      winPending: boolean;
    }
  | { ok: false; error: Exclude<SeamlessStatus, 'OK'> | 'CONNECTION' | 'STAKE_INVALID'; balanceCentavos?: number | undefined };

interface PendingCall {
  action: SeamlessAction;
  payload: Record<string, unknown>;
  attempts: number;
}

/** Queue bound: beyond it the oldest entries are dropped (and logged by the caller). */
const MAX_PENDING = 10_000;
/** A queued call is given up after this many background attempts (about an hour at 5 s). */
const MAX_BACKGROUND_ATTEMPTS = 720;

export class SandboxProvider {
  private readonly pending: PendingCall[] = [];
  private flushing = false;

  constructor(
    private readonly wallet: SeamlessWalletClient,
    private readonly rng: Rng = cryptoRng,
    private readonly log: (message: string, detail?: Record<string, unknown>) => void = () => {},
  ) {}

  get pendingCount(): number {
    return this.pending.length;
  }

  async balance(token: string, game: SandboxGameCode) {
    return this.wallet.call('balance', { token, game_code: game });
  }

  private play(game: SandboxGameCode, choice: Choice): Outcome {
    if (game === 'sandbox-tigre-sortudo') return playTigre(this.rng);
    if (game === 'sandbox-pesca-dourada') return playPesca(choice.spot ?? 1, this.rng);
    return playKeno(choice.picks ?? [], this.rng);
  }

  private enqueue(call: PendingCall) {
    if (this.pending.length >= MAX_PENDING) {
      const dropped = this.pending.shift();
      this.log('sandbox provider queue full: dropped a call', { action: dropped?.action, tx: dropped?.payload.tx_id });
    }
    this.pending.push(call);
  }

  async playRound(token: string, game: SandboxGameCode, stakeCentavos: number, choice: Choice): Promise<RoundResult> {
    if (!SANDBOX_STAKES[game].includes(stakeCentavos)) return { ok: false, error: 'STAKE_INVALID' };
    const roundId = `sbx-${randomUUID()}`;
    const betTxId = `${roundId}:bet`;
    const bet = await this.wallet.call('bet', { token, tx_id: betTxId, round_id: roundId, game_code: game, amount: stakeCentavos });
    if (!bet) {
      // Never answered: whether or not the wallet took the stake, cancel it.
      const rollback = { token, tx_id: `${roundId}:rollback`, ref_tx_id: betTxId, round_id: roundId, game_code: game };
      const answer = await this.wallet.call('rollback', rollback);
      if (!answer) this.enqueue({ action: 'rollback', payload: rollback, attempts: 0 });
      return { ok: false, error: 'CONNECTION', balanceCentavos: answer?.balance };
    }
    if (bet.status !== 'OK') return { ok: false, error: bet.status, balanceCentavos: bet.balance };

    const outcome = this.play(game, choice);
    const winCentavos = payout(stakeCentavos, outcome.multiplierX100);
    const win = {
      token,
      player_id: bet.player_id,
      tx_id: `${roundId}:win`,
      round_id: roundId,
      game_code: game,
      amount: winCentavos,
    };
    const paid = await this.wallet.call('win', win);
    if (!paid) this.enqueue({ action: 'win', payload: win, attempts: 0 });
    else if (paid.status !== 'OK') this.log('sandbox provider win refused', { round: roundId, status: paid.status });
    return {
      ok: true,
      roundId,
      outcome,
      stakeCentavos,
      winCentavos,
      balanceCentavos: paid?.balance ?? bet.balance ?? 0,
      winPending: !paid,
    };
  }

  /** Retries queued calls once each; answers how many were settled. */
  async flushPending(): Promise<number> {
    if (this.flushing) return 0;
    this.flushing = true;
    let settled = 0;
    try {
      for (const call of this.pending.splice(0, this.pending.length)) {
        const answer = await this.wallet.call(call.action, call.payload);
        if (answer) {
          settled += 1;
          if (answer.status !== 'OK') this.log('sandbox provider queued call refused', { action: call.action, status: answer.status });
        } else if (call.attempts + 1 < MAX_BACKGROUND_ATTEMPTS) {
          this.enqueue({ ...call, attempts: call.attempts + 1 });
        } else {
          this.log('sandbox provider gave up a call', { action: call.action, tx: call.payload.tx_id });
        }
      }
    } finally {
      this.flushing = false;
    }
    return settled;
  }
}
