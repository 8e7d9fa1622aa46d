import { describe, expect, it } from 'vitest';
import { sniffFileType } from './file-types.ts';

const bytes = (...values: number[]) => Uint8Array.from(values);
const ascii = (text: string) => new TextEncoder().encode(text);
const IMAGES = ['image/png', 'image/jpeg', 'image/webp'] as const;

describe('sniffFileType', () => {
  it('reads PNG, JPEG and WebP from their first bytes', () => {
    expect(sniffFileType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0), IMAGES)).toEqual({
      mime: 'image/png',
      extension: 'png',
    });
    expect(sniffFileType(bytes(0xff, 0xd8, 0xff, 0xdb), IMAGES)).toEqual({ mime: 'image/jpeg', extension: 'jpg' });
    expect(sniffFileType(ascii('RIFF\x24\x00\x00\x00WEBPVP8 '), IMAGES)).toEqual({ mime: 'image/webp', extension: 'webp' });
  });

  it('accepts only the types asked for, and nothing cut short or merely named so', () => {
    expect(sniffFileType(ascii('%PDF-1.7'), IMAGES)).toBeNull();
    expect(sniffFileType(ascii('%PDF-1.7'), ['application/pdf'])?.mime).toBe('application/pdf');
    expect(sniffFileType(ascii('RIFF\x24\x00\x00\x00WAVEfmt '), IMAGES)).toBeNull(); // a RIFF that is not WebP
    expect(sniffFileType(ascii('RIFF\x24\x00'), IMAGES)).toBeNull();
    expect(sniffFileType(ascii('<svg xmlns="http://www.w3.org/2000/svg"/>'), IMAGES)).toBeNull();
    expect(sniffFileType(bytes(0x47, 0x49, 0x46, 0x38, 0x39, 0x61), IMAGES)).toBeNull(); // GIF89a
    expect(sniffFileType(bytes(), IMAGES)).toBeNull();
  });
});
