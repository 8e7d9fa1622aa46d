/**
 * A file's type read from its first bytes (its magic number), never from its name or the type the
 * browser declared: a renamed executable stays what it is. Identity documents (features/kyc) and
 * support chat images (features/support) each accept a few of these.
 */
export type SniffedMime = 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf';

/** Bytes at an offset; `null` is any byte (WebP's RIFF size). */
const SIGNATURES: ReadonlyArray<{ mime: SniffedMime; extension: string; bytes: readonly (number | null)[] }> = [
  { mime: 'image/jpeg', extension: 'jpg', bytes: [0xff, 0xd8, 0xff] },
  { mime: 'image/png', extension: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  // "RIFF" <size> "WEBP"
  { mime: 'image/webp', extension: 'webp', bytes: [0x52, 0x49, 0x46, 0x46, null, null, null, null, 0x57, 0x45, 0x42, 0x50] },
  // "%PDF-"
  { mime: 'application/pdf', extension: 'pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
];

/** The type among `accepted` that the bytes start with, or null. */
export function sniffFileType<T extends SniffedMime>(bytes: Uint8Array, accepted: readonly T[]): { mime: T; extension: string } | null {
  const match = SIGNATURES.find(
    (signature) =>
      (accepted as readonly SniffedMime[]).includes(signature.mime) &&
      bytes.length >= signature.bytes.length &&
      signature.bytes.every((byte, i) => byte === null || bytes[i] === byte),
  );
  return match ? { mime: match.mime as T, extension: match.extension } : null;
}
