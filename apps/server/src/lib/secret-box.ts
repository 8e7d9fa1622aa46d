import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Keeps a small secret (an operator's TOTP key) at rest: AES-256-GCM under the configured key,
 * bound to its owner (`context`, e.g. "operator:7") so a value copied onto another row does not
 * open. Without a key the value is stored as it is, marked so, and a key set later still reads it.
 */
export interface SecretBox {
  seal(plain: string, context: string): string;
  open(sealed: string, context: string): string;
}

const SEALED = 'v1:';
const PLAIN = 'plain:';

export function secretBox(keyHex: string | undefined): SecretBox {
  const key = keyHex ? Buffer.from(keyHex, 'hex') : null;
  return {
    seal(plain, context) {
      if (!key) return PLAIN + plain;
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return SEALED + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(sealed, context) {
      if (sealed.startsWith(PLAIN)) return sealed.slice(PLAIN.length);
      if (!sealed.startsWith(SEALED)) throw new Error('secret box: unknown format');
      if (!key) throw new Error('secret box: a sealed secret needs TOTP_ENCRYPTION_KEY');
      const raw = Buffer.from(sealed.slice(SEALED.length), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12)).setAAD(Buffer.from(context));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
