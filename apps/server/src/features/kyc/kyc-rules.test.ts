import { describe, expect, it } from 'vitest';
import { ageOn, comparableName, sandboxVerdict } from './kyc-rules.ts';

const record = { fullName: 'Maria da Silva Araújo', birthDate: '1990-05-14' };
const member = { cpf: '52998224725', fullName: 'MARIA  DA SILVA ARAUJO', birthDate: '1990-05-14' };

describe('sandbox KYC rules', () => {
  it('approves a member whose name (case and accents aside) and birth date match the registry', () => {
    expect(sandboxVerdict(member, record, '2026-01-01')).toEqual({ decision: 'approved', reason: null });
    expect(comparableName("João D'Ávila-Sá")).toBe(comparableName('joao d avila sa'));
  });

  it('rejects, naming the first rule that fails', () => {
    expect(sandboxVerdict({ ...member, cpf: null }, record, '2026-01-01').reason).toBe('cpf_missing');
    expect(sandboxVerdict(member, null, '2026-01-01').reason).toBe('cpf_not_found');
    expect(sandboxVerdict({ ...member, fullName: 'Maria da Silva' }, record, '2026-01-01').reason).toBe('name_mismatch');
    expect(sandboxVerdict({ ...member, birthDate: '1990-05-15' }, record, '2026-01-01').reason).toBe('birth_date_mismatch');
    expect(sandboxVerdict({ ...member, birthDate: null }, record, '2026-01-01').reason).toBe('birth_date_mismatch');
    const minor = { fullName: 'Ana Souza', birthDate: '2008-06-10' };
    expect(sandboxVerdict({ cpf: '1', fullName: 'Ana Souza', birthDate: '2008-06-10' }, minor, '2026-06-09').reason).toBe('under_age');
    expect(sandboxVerdict({ cpf: '1', fullName: 'Ana Souza', birthDate: '2008-06-10' }, minor, '2026-06-10').decision).toBe('approved');
  });

  it('counts whole years, a birthday from its own day', () => {
    expect(ageOn('2000-02-29', '2018-02-28')).toBe(17);
    expect(ageOn('2000-02-29', '2018-03-01')).toBe(18);
    expect(ageOn('1990-12-31', '2026-12-30')).toBe(35);
  });
});
