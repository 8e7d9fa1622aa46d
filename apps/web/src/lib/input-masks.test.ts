import { normalizeCpf } from '@casino/shared/pix/cpf';
import { normalizeBrazilianMobile, phoneField } from '@casino/shared/schemas/fields';
import { format } from '@react-input/mask';
import { describe, expect, it } from 'vitest';
import { CPF_MASK, MOBILE_MASK, nationalDigits } from './input-masks.ts';

describe('CPF and mobile masks', () => {
  it('show a CPF as 000.000.000-00 and a mobile as (00) 00000-0000', () => {
    expect(format('52998224725', CPF_MASK)).toBe('529.982.247-25');
    expect(format('11912345678', MOBILE_MASK)).toBe('(11) 91234-5678');
    expect(format('1191', MOBILE_MASK)).toBe('(11) 91');
  });

  it('send the server what it expects: 11 CPF digits and a +55 mobile', () => {
    expect(normalizeCpf(format('52998224725', CPF_MASK))).toBe('52998224725');
    expect(normalizeBrazilianMobile(format('11912345678', MOBILE_MASK))).toBe('+5511912345678');
    expect(phoneField.parse(format('21987654321', MOBILE_MASK))).toBe('+5521987654321');
  });

  it('drop the country code of a pasted or autofilled number, and only then', () => {
    expect(nationalDigits('+55 11 91234-5678')).toBe('11912345678');
    expect(nationalDigits('5511912345678')).toBe('11912345678');
    expect(nationalDigits('55')).toBe('55');
    expect(nationalDigits('55991234567')).toBe('55991234567');
    expect(nationalDigits('7')).toBe('7');
  });
});
