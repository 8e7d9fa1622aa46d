import { describe, expect, it } from 'vitest';
import { DRAND_QUICKNET, drandQuicknetBeacon, drandRoundUrl, type FetchLike, sandboxBeacon, verifyDrandQuicknet } from './beacon.ts';

/**
 * Rounds of drand's quicknet as its relays publish them (signatures of the League of Entropy;
 * the randomness is SHA-256 of the signature). Recorded, so no test needs the network.
 */
const ROUNDS = [
  {
    round: 20_791_007,
    signature: '8d2c8bbc37170dbacc5e280a21d4e195cff5f32a19fd6a58633fa4e4670478b5fb39bc13dd8f8c4372c5a76191198ac5',
  },
  {
    round: 32_285_085,
    signature: '81dbce51d584d90d618547f4b50391d53ace6f6b9aeb8fb67e1879427af9d0310ac0ec6f519271d9a313ee84b378d416',
    randomness: 'd42020c3c65a4ec6adda3a69fdd41a698f31b661859e0e00f1276580a41d67ce',
  },
  {
    round: 32_285_086,
    signature: 'a64d99fd7fa3e48912be7209c7b69c72c88fc5224be2516949b6f29f3a4b7e3fa069dd58b2bbb4bf2c34ae61ef631a44',
    randomness: '13bfa6a42a5a93d0f642e8d4548c2a94ea71b39585f65fd2842e0484d58d5554',
  },
] as const;

const silent = { warn: () => {} };
const signal = () => new AbortController().signal;

describe('drand quicknet beacon', () => {
  it('accepts a round only with its League of Entropy signature, and answers SHA-256 of the signature', () => {
    const [, second, third] = ROUNDS;
    expect(verifyDrandQuicknet(second.round, second)).toBe(second.randomness);
    expect(verifyDrandQuicknet(third.round, { ...third, randomness: undefined })).toBe(third.randomness);
    expect(verifyDrandQuicknet(ROUNDS[0].round, ROUNDS[0])).toMatch(/^[0-9a-f]{64}$/);
    // Another round's signature, a made-up randomness, a flipped signature byte: refused.
    expect(verifyDrandQuicknet(third.round, { ...second, round: third.round })).toBeNull();
    expect(verifyDrandQuicknet(second.round, { ...second, randomness: 'f'.repeat(64) })).toBeNull();
    const flipped = `${second.signature.slice(0, 40)}${second.signature[40] === '0' ? '1' : '0'}${second.signature.slice(41)}`;
    expect(verifyDrandQuicknet(second.round, { ...second, signature: flipped })).toBeNull();
    expect(verifyDrandQuicknet(second.round, { round: second.round, signature: 'xyz' })).toBeNull();
    expect(verifyDrandQuicknet(second.round, null)).toBeNull();
  });

  it('numbers rounds from the genesis every 3 s and picks the first one after the commitment and a margin', () => {
    const beacon = drandQuicknetBeacon(silent);
    expect(beacon.roundTime(1)).toBe(DRAND_QUICKNET.genesisMs);
    expect(beacon.roundTime(32_285_086)).toBe(DRAND_QUICKNET.genesisMs + 32_285_085 * 3_000);
    for (const t of [DRAND_QUICKNET.genesisMs + 100_000_000, DRAND_QUICKNET.genesisMs + 100_000_001, Date.parse('2026-03-01T12:00:00Z')]) {
      const round = beacon.roundAfter(t);
      expect(beacon.roundTime(round)).toBeGreaterThan(t + DRAND_QUICKNET.marginMs);
      expect(beacon.roundTime(round - 1)).toBeLessThanOrEqual(t + DRAND_QUICKNET.marginMs);
    }
    expect(drandRoundUrl(42)).toBe(`https://api.drand.sh/${DRAND_QUICKNET.chainHash}/public/42`);
  });

  it('reads a round from the relays, passing over failures and forged answers', async () => {
    const [, second] = ROUNDS;
    const asked: string[] = [];
    const answers: (() => { status: number; body: unknown })[] = [
      () => {
        throw new Error('ECONNREFUSED');
      },
      () => ({ status: 425, body: {} }),
      () => ({ status: 200, body: { ...second, randomness: 'a'.repeat(64) } }),
      () => ({ status: 200, body: second }),
    ];
    const fetchJson: FetchLike = async (url) => {
      asked.push(url);
      const answer = (answers.shift() as () => { status: number; body: unknown })();
      return { status: answer.status, json: async () => answer.body };
    };
    const warnings: string[] = [];
    const beacon = drandQuicknetBeacon({ warn: (_obj, msg) => warnings.push(msg ?? '') }, fetchJson);
    expect(await beacon.valueOf(second.round, signal())).toBe(second.randomness);
    expect(asked).toHaveLength(4);
    expect(asked[0]).toBe(`https://api.drand.sh/${DRAND_QUICKNET.chainHash}/public/${second.round}`);
    expect(new Set(asked.map((url) => new URL(url).host)).size).toBe(4);
    expect(warnings).toContain('drand: a relay answered a round that does not verify');
  }, 15_000);

  it('stops waiting when the scheduler stops', async () => {
    const beacon = drandQuicknetBeacon(silent, async () => ({ status: 425, json: async () => ({}) }));
    const controller = new AbortController();
    const waiting = beacon.valueOf(beacon.roundAfter(Date.now()), controller.signal);
    controller.abort(new Error('stopped'));
    await expect(waiting).rejects.toThrow('stopped');
  });
});

describe('sandbox beacon', () => {
  it('has no value for a round before its time, then one value per round', async () => {
    const beacon = sandboxBeacon();
    expect(beacon.name).toBe('sandbox');
    const committedAt = Date.now();
    const round = beacon.roundAfter(committedAt);
    expect(beacon.roundTime(round)).toBeGreaterThan(committedAt);
    const value = await beacon.valueOf(round, signal());
    expect(Date.now()).toBeGreaterThanOrEqual(beacon.roundTime(round));
    expect(value).toMatch(/^[0-9a-f]{64}$/);
    expect(await beacon.valueOf(round, signal())).toBe(value);
    expect(await beacon.valueOf(round - 5, signal())).not.toBe(value);
  });
});
