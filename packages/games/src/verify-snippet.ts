/**
 * The verification program /fairness offers to copy: plain JavaScript that runs unchanged in
 * Node.js 20+ (node file.js, or the REPL) and in any browser console, with only the standard Web
 * Crypto API, BigInt and TextEncoder. It recomputes a crash point or a double roll from a round's
 * hash and the chain's salt, and walks the hash forward to the published terminating hash. It
 * writes out every byte encoding instead of trusting a library, so a player can read it line by
 * line against docs/HOUSE-GAMES.md; the tests run this very text against the server's rounds.
 *
 * The formula (packages/games crash.ts and double.ts, Bustabit's first scheme, as Roobet's):
 *   chain step   next = SHA-256(the previous hash as its 64 lowercase hex characters, ASCII)
 *   digest       HMAC-SHA256(key = round hash as 64 hex characters ASCII, message = salt ASCII)
 *   r            the first 13 hex characters of the digest (its top 52 bits), as an integer
 *   crash        max(100, floor(97 * 2^52 / (2^52 - r))) hundredths, i.e. floor(97 / (1 - r/2^52)) / 100
 *   double       floor(15 * r / 2^52): 0 white, 1-7 red, 8-14 black
 */

export type SnippetValues = {
  game: 'crash' | 'double';
  /** A round's hash (revealed when it ends), or a placeholder for the player to fill in. */
  roundHash: string;
  salt: string;
  terminatingHash: string;
  chainLength: number;
};

/** Only these characters may reach the program text (hashes, salts, placeholders). */
const SAFE = /^[0-9A-Za-z _.:<>-]{0,128}$/;

function literal(value: string): string {
  if (!SAFE.test(value)) throw new RangeError(`unsafe value in the verification snippet: ${value}`);
  return `'${value}'`;
}

export function verifySnippet(values: SnippetValues): string {
  if (!Number.isSafeInteger(values.chainLength) || values.chainLength < 1) throw new RangeError('chain length must be a positive integer');
  return `// Check a crash or double round yourself: Node.js 20+ (save as check.js, run node check.js) or a browser console.
const GAME = ${literal(values.game)}; // 'crash' or 'double'
const ROUND_HASH = ${literal(values.roundHash)}; // shown when the round ends
const SALT = ${literal(values.salt)}; // the chain's salt: the value of its beacon round
const TERMINATING_HASH = ${literal(values.terminatingHash)}; // published before the chain's first round
const CHAIN_LENGTH = ${values.chainLength};

const ascii = (text) => new TextEncoder().encode(text);
const toHex = (buffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');
// Chain step: SHA-256 of the previous hash written as 64 lowercase hex characters (ASCII text, not bytes).
const sha256 = async (hashHex) => toHex(await crypto.subtle.digest('SHA-256', ascii(hashHex)));
// HMAC-SHA256 with key = the round hash as ASCII text, message = the salt as ASCII text.
async function hmacSha256(keyText, messageText) {
  const key = await crypto.subtle.importKey('raw', ascii(keyText), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return toHex(await crypto.subtle.sign('HMAC', key, ascii(messageText)));
}

(async () => {
  const digest = await hmacSha256(ROUND_HASH.toLowerCase(), SALT);
  const r = BigInt('0x' + digest.slice(0, 13)); // the digest's first 52 bits
  const TWO_52 = 2n ** 52n;
  if (GAME === 'crash') {
    // floor(97 / (1 - r / 2^52)) hundredths, in exact integers; at least 1.00x (97% return to player).
    const x100 = (97n * TWO_52) / (TWO_52 - r);
    const point = x100 < 100n ? 100n : x100;
    console.log('crash point: ' + (point / 100n) + '.' + String(point % 100n).padStart(2, '0') + 'x');
  } else {
    const roll = Number((15n * r) / TWO_52); // 0..14
    console.log('double roll: ' + roll + (roll === 0 ? ' (white, pays 14x)' : roll <= 7 ? ' (red, pays 2x)' : ' (black, pays 2x)'));
  }
  let hash = ROUND_HASH.toLowerCase();
  for (let steps = 1; steps <= CHAIN_LENGTH; steps += 1) {
    hash = await sha256(hash);
    if (hash === TERMINATING_HASH) {
      console.log('chain: leads to the published terminating hash in ' + steps + ' steps (round ' + steps + ' of the chain)');
      return;
    }
  }
  console.log('chain: does NOT lead to the published terminating hash within ' + CHAIN_LENGTH + ' steps');
})();
`;
}
