import { createHash } from 'node:crypto';
import { nextChainHash } from '@casino/games/crash';
import { randomServerSeed } from '@casino/games/fair';
import type { Database } from '../../../db/database.ts';
import { nowIso } from '../../../db/database.ts';
import { isBeaconValue, type RandomnessBeacon } from './beacon.ts';
import {
  activateChain,
  claimChainIndex,
  findActiveChain,
  findCommittedChain,
  insertCommittedChain,
  retireChain,
  type SharedChain,
  type SharedGame,
  saltChain,
} from './shared-rounds.repository.ts';

/**
 * The results chain of a shared-round game (REFERENCE.md, Bustabit's scheme): hash_0 is a secret
 * seed, hash_{i+1} = sha256(hash_i) (packages/games nextChainHash), and rounds play the chain
 * backwards, so round k uses hash_{length-1-k} and sha256 of the first round's hash is the
 * terminating hash published before any round. Each round's result is HMAC(hash, salt).
 *
 * Only checkpoints are kept in memory (one hash in CHECKPOINT_EVERY); a round's hash is walked
 * from the checkpoint below it, and the walked segment is cached because rounds use consecutive
 * hashes. The bulk walk uses node's sha256, checked against nextChainHash when a chain is opened.
 */
const CHECKPOINT_EVERY = 1_000;

function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export class HashChain {
  private readonly checkpoints: string[] = [];
  private segment: { start: number; hashes: string[] } | undefined;

  constructor(readonly row: SharedChain) {
    if (sha256Hex(row.seed) !== nextChainHash(row.seed)) throw new Error('chain step differs from packages/games');
    let hash = row.seed;
    for (let position = 0; position < row.length; position += 1) {
      if (position % CHECKPOINT_EVERY === 0) this.checkpoints.push(hash);
      if (position < row.length - 1) hash = sha256Hex(hash);
    }
    if (nextChainHash(hash) !== row.terminating_hash) throw new Error(`chain ${row.id} does not end in its terminating hash`);
  }

  /** The hash of the round at chain index `index` (0 = the first round played). */
  hashAt(index: number): string {
    if (!Number.isInteger(index) || index < 0 || index >= this.row.length) throw new RangeError(`chain index ${index} out of range`);
    const position = this.row.length - 1 - index;
    const start = Math.floor(position / CHECKPOINT_EVERY) * CHECKPOINT_EVERY;
    if (this.segment?.start !== start) {
      const hashes = [this.checkpoints[start / CHECKPOINT_EVERY] as string];
      const end = Math.min(start + CHECKPOINT_EVERY, this.row.length);
      for (let p = start + 1; p < end; p += 1) hashes.push(sha256Hex(hashes[hashes.length - 1] as string));
      this.segment = { start, hashes };
    }
    return this.segment.hashes[position - start] as string;
  }
}

/**
 * Generates a new chain and commits it: its terminating hash is public from now on, with the
 * beacon round that will salt it, the first one emitted after this moment (plus the beacon's
 * margin). Its salt does not exist yet, so nobody can tell now what its rounds will give.
 */
export async function commitChain(db: Database, game: SharedGame, length: number, beacon: RandomnessBeacon): Promise<SharedChain> {
  const seed = randomServerSeed();
  let hash = seed;
  for (let position = 1; position < length; position += 1) hash = sha256Hex(hash);
  const committedAt = Date.now();
  return insertCommittedChain(db, {
    game,
    seed,
    length,
    terminating_hash: nextChainHash(hash),
    beacon: beacon.name,
    beacon_round: beacon.roundAfter(committedAt),
    created_at: new Date(committedAt).toISOString(),
  });
}

/**
 * Hands out the hashes of one game's rounds in order (the leader alone calls it). Rounds draw
 * from the active chain; when it is used up, the next committed chain is salted with its beacon
 * round's value (waiting for it if need be: no round starts without a salt) and activated. As
 * soon as a chain becomes active its successor is committed, and salted in the background once
 * its round is out, so a used-up chain is replaced at once even if the beacon is slow then.
 */
export class ChainCursor {
  private chain: HashChain | undefined;
  private successor: Promise<void> | undefined;

  constructor(
    private readonly db: Database,
    private readonly game: SharedGame,
    private readonly length: number,
    private readonly beacon: RandomnessBeacon,
    private readonly log: { warn(obj: unknown, msg?: string): void },
  ) {}

  async active(signal: AbortSignal): Promise<HashChain> {
    if (!this.chain) {
      await this.successor; // the successor's commitment and salt, if they are still on their way
      const row = (await findActiveChain(this.db, this.game)) ?? (await this.activateNext(signal));
      this.chain = new HashChain(row);
      this.successor = this.prepareSuccessor(signal);
    }
    return this.chain;
  }

  /** The next round's chain, index and hash. */
  async next(signal: AbortSignal): Promise<{ chain: SharedChain; index: number; hash: string }> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const chain = await this.active(signal);
      const index = await claimChainIndex(this.db, chain.row.id);
      if (index !== undefined) return { chain: chain.row, index, hash: chain.hashAt(index) };
      await retireChain(this.db, chain.row.id);
      this.chain = undefined;
    }
    throw new Error(`could not open a new ${this.game} chain`);
  }

  /** Resolves when the background work on the successor has stopped (tests, shutdown). */
  async settled(): Promise<void> {
    await this.successor;
  }

  /** Salts the oldest committed chain (committing one first if there is none) and activates it. */
  private async activateNext(signal: AbortSignal): Promise<SharedChain> {
    const committed = await this.nextCommitted();
    await this.salt(committed, signal);
    const active = await activateChain(this.db, committed.id);
    if (!active) throw new Error(`${this.game} chain ${committed.id} could not be activated`);
    return active;
  }

  /**
   * The oldest committed chain, or a new one. A chain committed under another beacon that has no
   * salt yet (the setting changed; in production there is only the public beacon) is retired
   * unplayed: nobody knew its results, so dropping it favours no one. A salted chain is never
   * dropped, whatever its beacon: its results are known to the server from then on.
   */
  private async nextCommitted(): Promise<SharedChain> {
    for (;;) {
      const committed = await findCommittedChain(this.db, this.game);
      if (!committed) return commitChain(this.db, this.game, this.length, this.beacon);
      if (committed.salted_at !== null || committed.beacon === this.beacon.name) return committed;
      this.log.warn(
        { game: this.game, chain: committed.id, beacon: committed.beacon },
        'shared rounds: unsalted chain of another beacon retired unplayed',
      );
      await retireChain(this.db, committed.id);
    }
  }

  private async salt(chain: SharedChain, signal: AbortSignal): Promise<void> {
    if (chain.salted_at !== null) return;
    if (chain.beacon_round === null) throw new Error(`${this.game} chain ${chain.id} has no beacon round`);
    signal.throwIfAborted();
    const value = await this.beacon.valueOf(chain.beacon_round, signal);
    if (!isBeaconValue(value)) throw new Error(`beacon ${this.beacon.name} answered a malformed value for round ${chain.beacon_round}`);
    await saltChain(this.db, chain.id, value, nowIso());
  }

  private async prepareSuccessor(signal: AbortSignal): Promise<void> {
    try {
      await this.salt(await this.nextCommitted(), signal);
    } catch (error) {
      if (!signal.aborted) this.log.warn({ err: error, game: this.game }, 'shared rounds: the next chain could not be salted yet');
    }
  }
}
