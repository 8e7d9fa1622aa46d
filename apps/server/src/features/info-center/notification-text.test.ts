import { describe, expect, it } from 'vitest';
import { notificationText, sourceName } from './notification-text.ts';

describe('notificationText', () => {
  const bonus = { kind: 'bonus', title: '', body: '', params_json: JSON.stringify({ source: 'rechargerebate', amount: '1234.50' }) };

  it('translates a bonus for each reader, with the amount formatted for their language', () => {
    expect(notificationText('pt', bonus)).toEqual({ title: 'Bônus creditado', body: 'Você recebeu R$ 1.234,50 de Reembolso de recarga' });
    expect(notificationText('en', bonus)).toEqual({ title: 'Bonus credited', body: 'You received R$1,234.50 from Recharge rebate' });
    expect(notificationText('PT1', bonus).title).toBe('Bônus creditado');
  });

  it('shows an operator note exactly as written, whatever its text looks like', () => {
    const note = { kind: 'operator', title: 'info.kinds.bonus.title', body: '{{amount}}', params_json: '{"batch":"b"}' };
    expect(notificationText('en', note)).toEqual({ title: 'info.kinds.bonus.title', body: '{{amount}}' });
  });

  it('falls back to the stored texts for a kind without catalogue texts, and survives broken params', () => {
    expect(notificationText('pt', { kind: 'future_kind', title: 'T', body: 'B', params_json: null })).toEqual({ title: 'T', body: 'B' });
    const broken = notificationText('en', { kind: 'bonus', title: '', body: '', params_json: '{not json' });
    expect(broken.title).toBe('Bonus credited');
    expect(broken.body).not.toContain('info.');
  });

  it('names an unknown source by its code rather than by a catalogue key', () => {
    expect(sourceName('pt', 'ftd')).toBe('Primeiro depósito');
    expect(sourceName('en', 'something_new')).toBe('something_new');
  });
});
