import type { KycMime } from '@casino/shared/schemas/kyc';

/**
 * A file's type read from its first bytes (its magic number), never from its name or the type the
 * browser declared: a renamed executable stays what it is. Only the three types an identity
 * document may be are recognised.
 */
const SIGNATURES: ReadonlyArray<{ mime: KycMime; extension: string; bytes: readonly number[] }> = [
  { mime: 'image/jpeg', extension: 'jpg', bytes: [0xff, 0xd8, 0xff] },
  { mime: 'image/png', extension: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  // "%PDF-"
  { mime: 'application/pdf', extension: 'pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
];

export function sniffDocumentType(bytes: Uint8Array): { mime: KycMime; extension: string } | null {
  const match = SIGNATURES.find((signature) => signature.bytes.every((byte, i) => bytes[i] === byte));
  return match ? { mime: match.mime, extension: match.extension } : null;
}
