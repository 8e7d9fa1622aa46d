import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { strictBody } from './validation.ts';

const address = z.object({ street: z.string(), city: z.string().optional() });
const body = z
  .object({
    name: z.string(),
    address,
    homes: z.array(address).optional(),
    contact: z.union([z.object({ phone: z.string() }), z.object({ email: z.string() })]),
    amount: z.union([z.string(), z.number()]).transform((v) => Number(v)),
    tags: z.record(z.string(), z.object({ on: z.boolean() })).optional(),
    open: z.looseObject({ a: z.number().optional() }).optional(),
  })
  .refine((v) => v.name !== 'refused', { path: ['name'], message: 'refused' });

const valid = { name: 'ana', address: { street: 'Rua A' }, contact: { phone: '1' }, amount: '10' };

function unknownKeys(input: unknown): string[] {
  const result = strictBody(body).safeParse(input);
  if (result.success) return [];
  return result.error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys' ? issue.keys.map((key) => [...issue.path, key].join('.')) : [],
  );
}

describe('strictBody', () => {
  it('accepts a valid body, keeps transforms, and allows the client-wide lang on top', () => {
    expect(strictBody(body).parse({ ...valid, lang: 'en' })).toMatchObject({ amount: 10, lang: 'en' });
  });

  it('refuses unknown keys at every depth: the top, nested objects, array items, union members and record values', () => {
    expect(unknownKeys({ ...valid, extra: 1 })).toEqual(['extra']);
    expect(unknownKeys({ ...valid, address: { street: 'x', floor: 2 } })).toEqual(['address.floor']);
    expect(unknownKeys({ ...valid, homes: [{ street: 'x' }, { street: 'y', pool: true }] })).toEqual(['homes.1.pool']);
    expect(strictBody(body).safeParse({ ...valid, contact: { phone: '1', fax: '2' } }).success).toBe(false);
    expect(unknownKeys({ ...valid, tags: { a: { on: true, off: false } } })).toEqual(['tags.a.off']);
  });

  it('keeps an object that declares its own catchall open, and keeps refinements', () => {
    expect(strictBody(body).safeParse({ ...valid, open: { a: 1, anything: 2 } }).success).toBe(true);
    const refused = strictBody(body).safeParse({ ...valid, name: 'refused' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('refused');
  });

  it('allows lang only at the top, and makes one strict copy per schema', () => {
    expect(unknownKeys({ ...valid, address: { street: 'x', lang: 'en' } })).toEqual(['address.lang']);
    expect(strictBody(body)).toBe(strictBody(body));
    expect(body.safeParse({ ...valid, extra: 1 }).success).toBe(true);
  });
});
