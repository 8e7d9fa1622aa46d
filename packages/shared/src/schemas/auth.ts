import { z } from 'zod';
import {
  acceptedField,
  accountField,
  captchaField,
  captchaKeyField,
  existingPasswordField,
  idField,
  inviteCodeField,
  langField,
  passwordField,
  phoneField,
  realnameField,
  withdrawalPasswordField,
} from './fields.ts';
import { optionalRegulatedProfileShape } from './regulated-profile.ts';

export const captchaResponse = z.object({
  captcha_key: z.string(),
  /** Laravel-style alias of captcha_key. */
  key: z.string(),
  /** data: URL of the image (SVG). */
  img: z.string(),
  expires_in: z.number().int().describe('seconds'),
  /** false when the server does not check answers (CASINO_CAPTCHA=disabled, never in production). */
  enabled: z.boolean(),
});

export const register2Body = z
  .strictObject({
    account: accountField,
    password: passwordField,
    password_confirmation: z.string().max(64),
    realname: realnameField,
    phone: phoneField,
    qk_pwd: z.union([withdrawalPasswordField, z.literal('')]).optional(),
    invite_code: inviteCodeField.optional(),
    captcha_key: captchaKeyField.optional(),
    captcha: captchaField.optional(),
    agree: acceptedField,
    lang: langField,
    /** The regulated profile's data (regulated-profile.ts): required by the server only on a regulated site. */
    ...optionalRegulatedProfileShape,
  })
  .refine((b) => b.password === b.password_confirmation, {
    path: ['password_confirmation'],
    error: 'validation.passwords_mismatch',
  });
export type Register2Body = z.input<typeof register2Body>;

export const login2Body = z.strictObject({
  /** The account name or the phone number. */
  account: z.string().trim().min(1, { error: 'validation.required' }).max(32, { error: 'auth.login_failed' }),
  password: existingPasswordField,
  captcha_key: captchaKeyField.optional(),
  captcha: captchaField.optional(),
  lang: langField,
});
export type Login2Body = z.input<typeof login2Body>;

export const tokenResponse = z.object({
  token: z.string(),
  token_type: z.literal('Bearer'),
  /** Seconds of inactivity after which the session ends. */
  expires_in: z.number().int(),
});

/** The spec's user info (section 3). Money is "0.00" strings; no secret ever appears here. */
export const userInfo = z.object({
  id: z.number().int(),
  name: z.string(),
  nickname: z.string().nullable(),
  realname: z.string(),
  email: z.string().nullable(),
  phone: z.string(),
  qq: z.string().nullable(),
  gender: z.number().int(),
  invite_code: z.string(),
  money: z.string(),
  fs_money: z.string(),
  ml_money: z.string(),
  total_money: z.string(),
  total_slot_money: z.string(),
  total_live_money: z.string(),
  score: z.number().int(),
  status: z.number().int(),
  is_tips_on: z.number().int(),
  is_in_on: z.number().int(),
  is_trans_on: z.number().int(),
  is_demo: z.number().int(),
  lang: z.string(),
  register_ip: z.string().nullable(),
  register_area: z.string().nullable(),
  register_site: z.string().nullable(),
  site: z.string().nullable(),
  is_ms_reg: z.number().int(),
  top_id: z.number().int().nullable(),
  agent_id: z.number().int().nullable(),
  total_credit: z.string(),
  used_credit: z.string(),
  level: z.number().int(),
  slot_level: z.number().int(),
  live_level: z.number().int(),
  level_name: z.string(),
  profile_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
  has_qk_pwd: z.boolean(),
  d7_map: z.record(z.string(), z.string()).nullable(),
  day7_id: z.string().nullable(),
  /** The site is on the regulated profile and the member's data is not complete yet (POST /api/profile/regulated). */
  profile_incomplete: z.boolean(),
  /** What is missing when `profile_incomplete` (regulated-profile.ts field names). */
  missing_fields: z.array(z.string()),
});
export type UserInfo = z.infer<typeof userInfo>;

export const loginResponse = tokenResponse.extend({ user: userInfo });

export const emptyBody = z.strictObject({ lang: langField }).optional();

export const avatar = z.object({ id: z.string(), url: z.string() });
export const profilePicturesResponse = z.object({ males: z.array(avatar), females: z.array(avatar) });

/** member_id is accepted as the spec sends it, but only the caller's own id is allowed. */
export const profilePictureUserBody = z.strictObject({ member_id: idField.optional(), lang: langField });
export const profilePictureUserResponse = z.object({ member_id: z.number().int(), profileurl: z.string().nullable() });

export const profilePictureSetBody = z.strictObject({
  /** An avatar id from GET /api/profilepictures ("m1", "f3") or its url. */
  profileurl: z.string().max(255),
  member_id: idField.optional(),
  lang: langField,
});
