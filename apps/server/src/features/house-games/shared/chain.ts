import { createHash, randomBytes } from 'node:crypto';
import { nextChainHash } from '@casino/games/crash';
import { randomServerSeed } from '@casino/games/fair';
import type { Database } from '../../../db/database.ts';
import { nowIso } from '../../../db/database.ts';
import {
  claimChainIndex,
  findActiveChain,
  insertChain,
  retireChain,
  type SharedChain,
  type SharedGame,
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

/** Generates and stores a new chain: only its terminating hash and salt are ever published. */
export async function createChain(db: Database, game: SharedGame, length: number): Promise<SharedChain> {
  const seed = randomServerSeed();
  let hash = seed;
  for (let position = 1; position < length; position += 1) hash = sha256Hex(hash);
  return insertChain(db, {
    game,
    seed,
    salt: randomBytes(16).toString('hex'),
    length,
    terminating_hash: nextChainHash(hash),
    created_at: nowIso(),
  });
}

/**
 * Hands out the hashes of one game's rounds in order, opening a new chain when the active one is
 * used up (the leader alone calls it).
 */
export class ChainCursor {
  private chain: HashChain | undefined;

  constructor(
    private readonly db: Database,
    private readonly game: SharedGame,
    private readonly length: number,
  ) {}

  async active(): Promise<HashChain> {
    if (!this.chain) {
      const row = (await findActiveChain(this.db, this.game)) ?? (await createChain(this.db, this.game, this.length));
      this.chain = new HashChain(row);
    }
    return this.chain;
  }

  /** The next round's chain, index and hash. */
  async next(): Promise<{ chain: SharedChain; index: number; hash: string }> {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const chain = await this.active();
      const index = await claimChainIndex(this.db, chain.row.id);
      if (index !== undefined) return { chain: chain.row, index, hash: chain.hashAt(index) };
      await retireChain(this.db, chain.row.id);
      this.chain = new HashChain(await createChain(this.db, this.game, this.length));
    }
    throw new Error(`could not open a new ${this.game} chain`);
  }
}
