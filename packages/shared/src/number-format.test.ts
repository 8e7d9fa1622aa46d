import { describe, expect, it } from 'vitest';
import { formatterFor } from './number-format.ts';

describe('formatterFor', () => {
  it('builds a locale’s formatter once and formats as Intl does with the same options', () => {
    const percent = formatterFor({ style: 'percent', maximumFractionDigits: 2 });
    expect(percent('pt-BR')).toBe(percent('pt-BR'));
    expect(percent('en-US')).not.toBe(percent('pt-BR'));
    expect(percent('pt-BR').format(0.965)).toBe(
      new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 2 }).format(0.965),
    );
    expect(percent('en-US').format(0.965)).toBe('96.5%');
  });
});
