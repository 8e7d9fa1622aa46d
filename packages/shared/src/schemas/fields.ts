import { z } from 'zod';
import { LOGIN_PASSWORD_MAX, LOGIN_PASSWORD_MIN, WITHDRAWAL_PASSWORD_PATTERN } from '../constants.ts';
import { parseReais } from '../money.ts';

/**
 * Field rules shared by the server (validation, OpenAPI) and the clients (forms). Messages are
 * catalogue keys of the `server` namespace; the server and the clients translate them.
 */
export const MAX_TEXT = 255;

/** Member account name: letters, digits and underscore; compared case-insensitively. */
export const accountField = z
  .string()
  .trim()
  .min(4, { error: 'validation.account_format' })
  .max(32, { error: 'validation.account_format' })
  .regex(/^[A-Za-z0-9_]+$/, { error: 'validation.account_format' });

export const passwordField = z
  .string()
  .min(LOGIN_PASSWORD_MIN, { error: 'validation.password_min' })
  .max(LOGIN_PASSWORD_MAX, { error: 'validation.password_max' });

/** A password that is only checked, never set: any non-empty string of sane length. */
export const existingPasswordField = z
  .string()
  .min(1, { error: 'validation.required' })
  .max(LOGIN_PASSWORD_MAX, { error: 'validation.password_max' });

export const withdrawalPasswordField = z.string().regex(WITHDRAWAL_PASSWORD_PATTERN, {
  error: 'validation.qk_pwd_format',
});

/** Person's name as on their documents: letters (any script), spaces, apostrophes, dots, hyphens. */
export const realnameField = z
  .string()
  .trim()
  .min(2, { error: 'validation.realname_format' })
  .max(100, { error: 'validation.realname_format' })
  .regex(/^[\p{L}\p{M}][\p{L}\p{M} .'-]*$/u, { error: 'validation.realname_format' });

/**
 * Brazilian mobile number: DDD (11-99) then 9 and eight digits, with or without +55 and
 * punctuation. Normalised to E.164 ("+5511987654321").
 */
export function normalizeBrazilianMobile(input: string): string | null {
  const digits = input.replace(/[\s().-]/g, '');
  const match = /^(?:\+?55)?([1-9][1-9])(9\d{8})$/.exec(digits);
  return match ? `+55${match[1]}${match[2]}` : null;
}

export const phoneField = z
  .string()
  .max(32, { error: 'validation.phone_invalid' })
  .transform((value, ctx) => {
    const phone = normalizeBrazilianMobile(value);
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: 'validation.phone_invalid' });
      return z.NEVER;
    }
    return phone;
  });

export const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .max(77, { error: 'validation.email_invalid' })
  .pipe(z.email({ error: 'validation.email_invalid' }));

export const captchaKeyField = z.string().max(64, { error: 'validation.captcha_again' });
export const captchaField = z.string().max(16, { error: 'validation.captcha_again' });

/** The client adds `lang` to every call; bodies accept it so strict objects still pass. */
export const langField = z.string().max(8).optional();

/** A checkbox sent as true, 1, "1", "true" or "on". */
export const acceptedField = z
  .union([z.boolean(), z.literal(1), z.literal('1'), z.literal('true'), z.literal('on')], {
    error: 'validation.agree_required',
  })
  .refine((v) => v !== false, { error: 'validation.agree_required' })
  .transform(() => true as const);

export const inviteCodeField = z
  .string()
  .trim()
  .max(16, { error: 'validation.invite_code_unknown' })
  .regex(/^[A-Za-z0-9]*$/, { error: 'validation.invite_code_unknown' });

/** A row id from a body or a query: a number or a string of digits (never a boolean or an empty string). */
export const idField = z
  .union([z.number(), z.string().regex(/^\d{1,16}$/)])
  .transform(Number)
  .pipe(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));

/**
 * An amount of reais as a person sends it ("100", "100.50", 100.5), parsed once at the edge into
 * integer centavos: more than two decimals, negatives, zero, NaN, exponents and absurd sizes are
 * refused with the catalogue key validation.amount_invalid.
 */
export const reaisField = z.union([z.string().max(20), z.number()], { error: 'validation.amount_invalid' }).transform((value, ctx) => {
  const centavos = parseReais(value);
  if (centavos === null || centavos === 0) {
    ctx.addIssue({ code: 'custom', message: 'validation.amount_invalid' });
    return z.NEVER;
  }
  return centavos;
});
