import { z } from 'zod';
import { emailField, existingPasswordField, langField, passwordField, withdrawalPasswordField } from './fields.ts';

export const changePasswordBody = z
  .strictObject({
    old_password: existingPasswordField,
    password: passwordField,
    password_confirmation: z.string().max(64),
    lang: langField,
  })
  .refine((b) => b.password === b.password_confirmation, {
    path: ['password_confirmation'],
    error: 'validation.passwords_mismatch',
  })
  .refine((b) => b.password !== b.old_password, { path: ['password'], error: 'validation.password_same' });

/** Sets or changes the withdrawal password; the login password proves who asks. */
export const setWithdrawalPasswordBody = z
  .strictObject({
    password: existingPasswordField,
    qk_pwd: withdrawalPasswordField,
    qk_pwd_confirmation: z.string().max(16),
    lang: langField,
  })
  .refine((b) => b.qk_pwd === b.qk_pwd_confirmation, {
    path: ['qk_pwd_confirmation'],
    error: 'validation.passwords_mismatch',
  });

export const verifyPasswordBody = z.strictObject({ password: existingPasswordField, lang: langField });
export const verifyPasswordResponse = z.object({ verified: z.literal(true) });

export const sendEmailCodeBody = z.strictObject({ email: emailField, lang: langField });
export const sendEmailCodeResponse = z.object({ expires_in: z.number().int(), attempts: z.number().int() });

export const bindEmailBody = z.strictObject({
  email: emailField,
  code: z.string().regex(/^\d{6}$/, { error: 'security.email_code_invalid' }),
  lang: langField,
});

export const securityStatusResponse = z.object({
  has_password_change: z.boolean().describe('false for phone or social-login accounts'),
  has_qk_pwd: z.boolean(),
  email: z.string().nullable(),
  phone: z.string(),
});
