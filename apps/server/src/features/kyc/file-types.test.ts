import { describe, expect, it } from 'vitest';
import { sniffDocumentType } from './file-types.ts';

const bytes = (...values: number[]) => Uint8Array.from(values);

describe('sniffDocumentType', () => {
  it('recognises JPEG, PNG and PDF by their first bytes', () => {
    expect(sniffDocumentType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))?.mime).toBe('image/jpeg');
    expect(sniffDocumentType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))?.mime).toBe('image/png');
    expect(sniffDocumentType(new TextEncoder().encode('%PDF-1.7\n'))?.mime).toBe('application/pdf');
  });

  it('refuses everything else, however it is named', () => {
    expect(sniffDocumentType(new TextEncoder().encode('MZ\x90\x00 this is an .exe'))).toBeNull();
    expect(sniffDocumentType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffDocumentType(bytes(0x47, 0x49, 0x46, 0x38, 0x39, 0x61))).toBeNull(); // GIF89a
    expect(sniffDocumentType(bytes(0xff, 0xd8))).toBeNull(); // cut short
    expect(sniffDocumentType(bytes())).toBeNull();
  });
});
