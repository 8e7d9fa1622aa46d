import { describe, expect, it } from 'vitest';
import { buildBrCode, crc16ccitt, parseBrCode, toAscii } from './br-code.ts';

/** Banco Central's static example (REFERENCE.md, section "PIX"), byte for byte. */
const BCB_STATIC_EXAMPLE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

const EVP = '123e4567-e12b-12d1-a456-426655440000';

describe('crc16ccitt', () => {
  it('matches the CRC-16/CCITT-FALSE check value and the Banco Central example', () => {
    // "123456789" -> 0x29B1 is the catalogued check value of CRC-16/CCITT-FALSE.
    expect(crc16ccitt('123456789')).toBe('29B1');
    expect(crc16ccitt('')).toBe('FFFF');
    expect(crc16ccitt(BCB_STATIC_EXAMPLE.slice(0, -4))).toBe('1D3D');
  });

  it('pads to four upper-case hex digits', () => {
    for (const text of ['A', 'pix', '000201', 'Fulano de Tal']) {
      expect(crc16ccitt(text)).toMatch(/^[0-9A-F]{4}$/);
    }
  });
});

describe('buildBrCode', () => {
  it("reproduces Banco Central's static example byte for byte", () => {
    expect(buildBrCode({ key: EVP, merchantName: 'Fulano de Tal', merchantCity: 'BRASILIA' })).toBe(BCB_STATIC_EXAMPLE);
  });

  it('formats the amount from integer centavos with exactly two decimals', () => {
    const amountOf = (amountCentavos: number) =>
      parseBrCode(buildBrCode({ key: EVP, amountCentavos, merchantName: 'Casino', merchantCity: 'BRASILIA' }))?.fields['54'];
    expect(amountOf(10000)).toBe('100.00');
    expect(amountOf(1)).toBe('0.01');
    expect(amountOf(10)).toBe('0.10');
    expect(amountOf(123456)).toBe('1234.56');
    expect(amountOf(100_000_000_000)).toBe('1000000000.00');
    for (const bad of [0, -100, 10.5, Number.NaN, 1_000_000_000_000]) {
      expect(() => buildBrCode({ key: EVP, amountCentavos: bad, merchantName: 'Casino', merchantCity: 'BRASILIA' }), String(bad)).toThrow(
        RangeError,
      );
    }
  });

  it('strips accents and truncates name (25) and city (15)', () => {
    const parsed = parseBrCode(
      buildBrCode({ key: EVP, merchantName: 'José da Silva Comércio de Alimentos', merchantCity: 'São José dos Campos' }),
    );
    expect(parsed?.fields['59']).toBe('Jose da Silva Comercio de');
    expect(parsed?.fields['60']).toBe('Sao Jose dos Ca');
    expect(toAscii('Ação  Ñandú – Ørsted ✓')).toBe('Acao Nandu rsted');
    expect(() => buildBrCode({ key: EVP, merchantName: '✓✓', merchantCity: 'BRASILIA' })).toThrow(RangeError);
  });

  it('writes the txid in field 62-05, or *** when there is none', () => {
    const withTxid = buildBrCode({ key: EVP, merchantName: 'Casino', merchantCity: 'BRASILIA', txid: 'DEP20240601abc' });
    expect(parseBrCode(withTxid)?.additionalData).toEqual({ '05': 'DEP20240601abc' });
    for (const bad of ['', 'abc-123', 'a'.repeat(26)]) {
      expect(() => buildBrCode({ key: EVP, merchantName: 'Casino', merchantCity: 'BRASILIA', txid: bad }), bad).toThrow(RangeError);
    }
  });

  it('adds a description to a static code and shortens it to what field 26 can hold', () => {
    const parsed = parseBrCode(
      buildBrCode({
        key: EVP,
        description: 'Depósito na conta do jogador número 12345 do cassino',
        merchantName: 'Casino',
        merchantCity: 'RIO',
      }),
    );
    expect(parsed?.merchantAccount['01']).toBe(EVP);
    // 99 - "0014br.gov.bcb.pix" (18) - "0136" + key (40) - "02xx" (4) leaves 37 characters.
    expect(parsed?.merchantAccount['02']).toBe('Deposito na conta do jogador numero 1');
    expect(parsed?.fields['26']).toHaveLength(99);

    const longestEmail = `${'a'.repeat(65)}@example.com`;
    const withoutRoom = parseBrCode(
      buildBrCode({ key: longestEmail, description: 'Deposito', merchantName: 'Casino', merchantCity: 'RIO' }),
    );
    expect(withoutRoom?.merchantAccount).toEqual({ '00': 'br.gov.bcb.pix', '01': longestEmail });
  });

  it('builds a dynamic code that round-trips through parseBrCode', () => {
    const payload = buildBrCode({
      url: 'https://pix.example.com.br/qr/v2/cob/9d36b84fc70b478fb95c12729b90ca25',
      amountCentavos: 2550,
      merchantName: 'Cassino Exemplo Ltda',
      merchantCity: 'São Paulo',
    });
    expect(payload).not.toContain('https://');
    expect(parseBrCode(payload)).toEqual({
      fields: {
        '00': '01',
        '01': '12',
        '26': '0014br.gov.bcb.pix2561pix.example.com.br/qr/v2/cob/9d36b84fc70b478fb95c12729b90ca25',
        '52': '0000',
        '53': '986',
        '54': '25.50',
        '58': 'BR',
        '59': 'Cassino Exemplo Ltda',
        '60': 'Sao Paulo',
        '62': '0503***',
        '63': payload.slice(-4),
      },
      merchantAccount: { '00': 'br.gov.bcb.pix', '25': 'pix.example.com.br/qr/v2/cob/9d36b84fc70b478fb95c12729b90ca25' },
      additionalData: { '05': '***' },
    });
    expect(payload.slice(-8, -4)).toBe('6304');
    expect(payload.slice(-4)).toBe(crc16ccitt(payload.slice(0, -4)));
  });

  it('refuses a code that is neither or both of static and dynamic, and bad locations', () => {
    const base = { merchantName: 'Casino', merchantCity: 'RIO' };
    expect(() => buildBrCode(base)).toThrow(RangeError);
    expect(() => buildBrCode({ ...base, key: EVP, url: 'pix.example.com/x' })).toThrow(RangeError);
    expect(() => buildBrCode({ ...base, url: 'pix.example.com/x', description: 'x' })).toThrow(RangeError);
    expect(() => buildBrCode({ ...base, url: 'http://pix.example.com/x' })).toThrow(RangeError);
    expect(() => buildBrCode({ ...base, url: `pix.example.com/${'x'.repeat(70)}` })).toThrow(RangeError);
    expect(() => buildBrCode({ ...base, key: 'has space' })).toThrow(RangeError);
  });
});

describe('parseBrCode', () => {
  it('reads the Banco Central example', () => {
    expect(parseBrCode(BCB_STATIC_EXAMPLE)).toEqual({
      fields: {
        '00': '01',
        '26': `0014br.gov.bcb.pix0136${EVP}`,
        '52': '0000',
        '53': '986',
        '58': 'BR',
        '59': 'Fulano de Tal',
        '60': 'BRASILIA',
        '62': '0503***',
        '63': '1D3D',
      },
      merchantAccount: { '00': 'br.gov.bcb.pix', '01': EVP },
      additionalData: { '05': '***' },
    });
  });

  it('refuses a tampered payload', () => {
    // Same length, so only the CRC can tell: the payee's name changed by one letter.
    expect(parseBrCode(BCB_STATIC_EXAMPLE.replace('Fulano', 'Fulana'))).toBeNull();
    // The key swapped for another of the same length.
    expect(parseBrCode(BCB_STATIC_EXAMPLE.replace('426655440000', '426655440001'))).toBeNull();
    expect(parseBrCode(BCB_STATIC_EXAMPLE.replace('1D3D', '1D3E'))).toBeNull();
    expect(parseBrCode(BCB_STATIC_EXAMPLE.slice(0, -1))).toBeNull();
  });

  it('refuses broken structure even under a correct CRC', () => {
    const withCrc = (body: string) => `${body}6304${crc16ccitt(`${body}6304`)}`;
    expect(parseBrCode(withCrc('0002012699abc'))).toBeNull();
    expect(parseBrCode(withCrc('000201000201'))).toBeNull();
    expect(parseBrCode(withCrc('0002015'))).toBeNull();
    expect(parseBrCode(withCrc('000202'))).toBeNull();
    expect(parseBrCode(withCrc('0002012604abcd'))).toBeNull();
    expect(parseBrCode(withCrc('000201'))).toEqual({
      fields: { '00': '01', '63': crc16ccitt('0002016304') },
      merchantAccount: {},
      additionalData: {},
    });
    expect(parseBrCode('0'.repeat(600))).toBeNull();
  });

  it('accepts a lower-case CRC written by other issuers', () => {
    expect(parseBrCode(BCB_STATIC_EXAMPLE.replace('1D3D', '1d3d'))).not.toBeNull();
  });
});
