import { createContext, runInContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { crashPointFromHash, generateChain } from './crash.ts';
import { doubleRollFromHash } from './double.ts';
import { verifySnippet } from './verify-snippet.ts';

/**
 * Vectors computed outside JavaScript (Python's hashlib and hmac) from the published formula: a
 * chain from sha256("aurora vectors"), salted with the value of drand quicknet round 32285085.
 * They pin every byte encoding: the chain step hashes the hex text, the HMAC key is the round
 * hash as text and the message the salt as text, r is the first 13 hex digits.
 */
const SALT = 'd42020c3c65a4ec6adda3a69fdd41a698f31b661859e0e00f1276580a41d67ce';
const SEED = 'a8903de9280900804061ba317e7ac415e32528048cae81cefa2a0c5a8b382423';
const TERMINATING = '481f1020129ed5b5313b9217e318d5bab396fef5d7df1c80dffb840042b2983c';
/** [round hash, crash point in hundredths, double roll], round 8 of the 30-hash chain first. */
const VECTORS: [string, number, number][] = [
  ['a1fba3d98f8c3af26459013d42ad02c0fb6038988ff6d9edcbaadbeeffb15cc0', 118, 2],
  ['e34e352ed73cd0b81e8ebe91a8d4e266d26f30937707743cf546e460d0479171', 160, 5],
  ['c555127fdef4d81bb74a805d9ef778f33c2d33899201e975890cd7f3c79fcdd2', 128, 3],
  ['3dda13583eda0866c06e09e77c08e9661e62b7e90939e5bf167344593dc18ee1', 199, 7],
  ['d6987a2f7cf26351fc86c00bfbf32a9c4feb6ac4f1c078b7fd6cedc63df8e9df', 127, 3],
  ['c37ca22ad46e63a335a99dee8490d9e0aa713c3dfb6c5ca0aa3e458af4ea9d79', 321, 10],
  ['7dc0b4467642dcc31682dda0f13c55d14038e50cee174c291c781c0224316f8f', 156, 5],
  ['9c2bf6135f9f0a644008b2ce08beabd7306e94489d24a9c5d6d5aa22c3e8f408', 366, 11],
  // Further down the same chain: a 216.00x round and a 1.00x bust that lands on white.
  ['e8ad8292e92f2cc84a083ef7beae2dc8bb7cb1361c48926878205ea6a5928563', 21_600, 14],
  ['127d1c82580dbc72cde5d6936e5df3b023246ccffd98ba27e53fcbfca1f260c4', 100, 0],
];

/** Runs the snippet as a player would paste it, with only what a browser or Node gives it. */
async function run(code: string): Promise<string[]> {
  const lines: string[] = [];
  const context = createContext({
    crypto: globalThis.crypto,
    TextEncoder,
    BigInt,
    console: { log: (...parts: unknown[]) => lines.push(parts.join(' ')) },
  });
  await runInContext(code, context);
  return lines;
}

const x = (hundredths: number) => `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}x`;

describe('the published chain formula', () => {
  it('gives the independently computed vectors', () => {
    const chain = generateChain(SEED, 30);
    expect(chain.slice(22).reverse()).toEqual(
      VECTORS.slice(0, 8)
        .map(([hash]) => hash)
        .reverse(),
    );
    for (const [hash, crash, roll] of VECTORS) {
      expect(crashPointFromHash(hash, SALT)).toBe(crash);
      expect(doubleRollFromHash(hash, SALT)).toBe(roll);
    }
  });
});

describe('the verification snippet of /fairness', () => {
  it('recomputes crash points and double rolls and walks each hash to the terminating hash', async () => {
    for (const [index, [hash, crash, roll]] of VECTORS.slice(0, 8).entries()) {
      const round = 8 - index;
      const crashLines = await run(
        verifySnippet({ game: 'crash', roundHash: hash, salt: SALT, terminatingHash: TERMINATING, chainLength: 30 }),
      );
      expect(crashLines).toEqual([
        `crash point: ${x(crash)}`,
        `chain: leads to the published terminating hash in ${round} steps (round ${round} of the chain)`,
      ]);
      const doubleLines = await run(
        verifySnippet({ game: 'double', roundHash: hash, salt: SALT, terminatingHash: TERMINATING, chainLength: 30 }),
      );
      expect(doubleLines[0]).toMatch(new RegExp(`^double roll: ${roll} \\(`));
    }
    const [bust] = await run(
      verifySnippet({ game: 'crash', roundHash: VECTORS[9]![0], salt: SALT, terminatingHash: TERMINATING, chainLength: 5 }),
    );
    expect(bust).toBe('crash point: 1.00x');
    const white = await run(
      verifySnippet({ game: 'double', roundHash: VECTORS[9]![0], salt: SALT, terminatingHash: TERMINATING, chainLength: 5 }),
    );
    expect(white).toEqual(['double roll: 0 (white, pays 14x)', 'chain: does NOT lead to the published terminating hash within 5 steps']);
    const big = await run(
      verifySnippet({ game: 'crash', roundHash: VECTORS[8]![0], salt: SALT, terminatingHash: TERMINATING, chainLength: 5 }),
    );
    expect(big[0]).toBe('crash point: 216.00x');
  });

  it('agrees with packages/games on many rounds of a random chain', async () => {
    const chain = generateChain('0123456789abcdef'.repeat(4), 40);
    const salt = '13bfa6a42a5a93d0f642e8d4548c2a94ea71b39585f65fd2842e0484d58d5554';
    const terminating = generateChain(chain[39] as string, 2)[1] as string;
    for (const hash of chain.slice(25)) {
      const [crash] = await run(verifySnippet({ game: 'crash', roundHash: hash, salt, terminatingHash: terminating, chainLength: 40 }));
      expect(crash).toBe(`crash point: ${x(crashPointFromHash(hash, salt))}`);
      const [roll] = await run(verifySnippet({ game: 'double', roundHash: hash, salt, terminatingHash: terminating, chainLength: 40 }));
      expect(roll?.startsWith(`double roll: ${doubleRollFromHash(hash, salt)} (`)).toBe(true);
    }
  });

  it('refuses values that could break out of the program text', () => {
    const values = { game: 'crash' as const, roundHash: 'a'.repeat(64), salt: SALT, terminatingHash: TERMINATING, chainLength: 10 };
    expect(() => verifySnippet({ ...values, salt: "x'); alert(1); ('" })).toThrow(RangeError);
    expect(() => verifySnippet({ ...values, roundHash: 'a\nb' })).toThrow(RangeError);
    expect(() => verifySnippet({ ...values, chainLength: 0 })).toThrow(RangeError);
    expect(verifySnippet({ ...values, roundHash: '<paste the round hash>' })).toContain("const ROUND_HASH = '<paste the round hash>';");
  });
});
