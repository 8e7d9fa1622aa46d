import { describe, expect, it } from 'vitest';
import { bpToPercentText, fieldsOf, fromDraft, humanizeKey, newRow, reaisTextToCentavos, sameConfig, toDraft } from './config-form-model';

/** JSON Schemas as the server sends them (z.toJSONSchema of real module schemas). */
const dailyRescue = {
  type: 'object',
  properties: {
    min_loss_centavos: { type: 'integer', minimum: 1, maximum: 9007199254740991 },
    rate_bp: { type: 'integer', minimum: 1, maximum: 10000 },
    max_reward_centavos: { anyOf: [{ type: 'integer', minimum: 1 }, { type: 'null' }] },
  },
  required: ['min_loss_centavos', 'rate_bp', 'max_reward_centavos'],
};

const wheel = {
  type: 'object',
  properties: {
    min_total_recharge_centavos: { type: 'integer', minimum: 0, maximum: 100000000000 },
    prizes: {
      minItems: 1,
      maxItems: 24,
      type: 'array',
      items: {
        type: 'object',
        properties: {
          reward_centavos: { type: 'integer', minimum: 1, maximum: 100000000 },
          weight: { type: 'integer', minimum: 1, maximum: 1000000 },
          icon: { default: null, anyOf: [{ type: 'string', maxLength: 500 }, { type: 'null' }] },
        },
        required: ['reward_centavos', 'weight'],
      },
    },
  },
  required: ['min_total_recharge_centavos', 'prizes'],
};

describe('config form model', () => {
  it('reads money in reais, basis points as percent and a nullable cap', () => {
    const fields = fieldsOf(dailyRescue);
    expect(fields.map((field) => [field.key, field.kind, field.nullable])).toEqual([
      ['min_loss_centavos', 'money', false],
      ['rate_bp', 'percent', false],
      ['max_reward_centavos', 'money', true],
    ]);
    const draft = toDraft(fields, { min_loss_centavos: 10_000, rate_bp: 800, max_reward_centavos: null });
    expect(draft).toEqual({ min_loss_centavos: '100.00', rate_bp: '8', max_reward_centavos: '' });

    const edited = { ...draft, min_loss_centavos: '1.234,56', rate_bp: '8,25', max_reward_centavos: '500' };
    expect(fromDraft(fields, edited)).toEqual({
      config: { min_loss_centavos: 123_456, rate_bp: 825, max_reward_centavos: 50_000 },
      errors: {},
    });
  });

  it('names each bad field by its path and sends nothing', () => {
    const fields = fieldsOf(dailyRescue);
    const { errors } = fromDraft(fields, { min_loss_centavos: '10.005', rate_bp: '120', max_reward_centavos: '' });
    expect(errors).toEqual({
      min_loss_centavos: 'promotions.config_form.invalid_money',
      rate_bp: 'promotions.config_form.too_large',
    });
    expect(fromDraft(fields, { min_loss_centavos: '', rate_bp: '0', max_reward_centavos: '' }).errors).toEqual({
      min_loss_centavos: 'promotions.config_form.required',
      rate_bp: 'promotions.config_form.too_small',
    });
  });

  it('edits arrays of objects as tables, with row paths like the server', () => {
    const fields = fieldsOf(wheel);
    const table = fields[1];
    expect(table?.kind).toBe('table');
    const config = { min_total_recharge_centavos: 0, prizes: [{ reward_centavos: 50, weight: 4000, icon: null }] };
    const draft = toDraft(fields, config);
    expect(draft.prizes).toEqual([{ reward_centavos: '0.50', weight: '4000', icon: '' }]);
    expect(fromDraft(fields, draft)).toEqual({ config, errors: {} });

    if (table?.kind !== 'table') throw new Error('not a table');
    const rows = [...(draft.prizes as never[]), newRow(table.columns, draft.prizes as never[])];
    rows[1] = { ...rows[1], weight: 'x' };
    expect(fromDraft(fields, { ...draft, prizes: rows }).errors).toEqual({ 'prizes.1.weight': 'promotions.config_form.invalid_integer' });
    expect(fromDraft(fields, { ...draft, prizes: [] }).errors).toEqual({ prizes: 'promotions.config_form.too_few_rows' });
  });

  it('formats and parses amounts as text, never through floats', () => {
    expect(reaisTextToCentavos('R$ 1.000,10')).toBe(100_010);
    expect(reaisTextToCentavos('0')).toBe(0);
    expect(reaisTextToCentavos('0.1')).toBe(10);
    expect(reaisTextToCentavos('-1')).toBeNull();
    expect(bpToPercentText(2000)).toBe('20');
    expect(bpToPercentText(1050)).toBe('10.5');
    expect(bpToPercentText(825)).toBe('8.25');
    expect(humanizeKey('min_recharge_centavos')).toBe('Min recharge');
    expect(sameConfig({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(sameConfig({ a: 1 }, { a: 2 })).toBe(false);
  });

  it('has no fields for a module without settings', () => {
    expect(fieldsOf({ type: 'object', properties: {} })).toEqual([]);
    expect(fieldsOf(null)).toEqual([]);
  });
});
