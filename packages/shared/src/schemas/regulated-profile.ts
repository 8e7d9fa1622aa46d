import { z } from 'zod';
import { LIMIT_PERIODS, MAX_LIMIT_CENTAVOS, MAX_TIME_LIMIT_MINUTES } from './responsible.ts';
import { birthDateField, cpfField } from './kyc.ts';
import { emailField, langField } from './fields.ts';
import { ADULT_AGE, ageOn } from '../identity.ts';

/**
 * The regulated profile's registration data (issue 12 item 6; Portaria SPA/MF 1.231/2024): CPF,
 * birth date (18 or older), e-mail, the full address and the two prudential limits required at
 * sign-up (a loss limit in centavos with its period, and a daily time limit in minutes). On a
 * regulated site registration requires them (`register2Body` accepts them everywhere, the server
 * requires them there), and a member of a site that became regulated completes them through
 * POST /api/profile/regulated.
 */

/** The 26 states and the Federal District, as their UF. */
export const BRAZIL_UFS = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
] as const;

/** Today in São Paulo (UTC-3 all year since 2019), YYYY-MM-DD. */
const saoPauloToday = () => new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);

/** A birth date that makes the person 18 or older today (São Paulo). */
export const adultBirthDateField = birthDateField.refine((value) => ageOn(value, saoPauloToday()) >= ADULT_AGE, {
  error: 'validation.under_age',
});

const text = (min: number, max: number, key: string) => z.string({ error: key }).trim().min(min, { error: key }).max(max, { error: key });

/** CEP: eight digits, "01310-100" or "01310100". */
export const postalCodeField = z
  .string({ error: 'validation.postal_code_invalid' })
  .trim()
  .max(12, { error: 'validation.postal_code_invalid' })
  .transform((v) => v.replace(/[\s.-]/g, ''))
  .refine((v) => /^\d{8}$/.test(v), { error: 'validation.postal_code_invalid' });

export const stateField = z
  .string({ error: 'validation.state_invalid' })
  .trim()
  .toUpperCase()
  .pipe(z.enum(BRAZIL_UFS, { error: 'validation.state_invalid' }));

/** A positive integer sent as a number or a string of digits. */
const positiveInt = (max: number, key: string) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d{1,12}$/, { error: key }),
      ],
      { error: key },
    )
    .transform(Number)
    .pipe(z.number({ error: key }).int({ error: key }).positive({ error: key }).max(max, { error: key }));

/** The member's identity and address, as the regulated profile requires them. */
export const regulatedIdentityShape = {
  cpf: cpfField,
  birth_date: adultBirthDateField,
  email: emailField,
  address_street: text(2, 128, 'validation.address_street'),
  address_number: text(1, 16, 'validation.address_number'),
  address_complement: z.string().trim().max(64, { error: 'validation.too_long' }).optional(),
  address_district: text(2, 64, 'validation.address_district'),
  address_city: text(2, 64, 'validation.address_city'),
  address_state: stateField,
  address_postal_code: postalCodeField,
};

/** The two prudential limits required at sign-up. */
export const signupLimitsShape = {
  /** Centavos of net loss (stakes minus wins) per `loss_limit_period`. */
  loss_limit: positiveInt(MAX_LIMIT_CENTAVOS, 'validation.loss_limit_required'),
  loss_limit_period: z.enum(LIMIT_PERIODS, { error: 'validation.loss_limit_period' }),
  /** Minutes of play per São Paulo day. */
  time_limit: positiveInt(MAX_TIME_LIMIT_MINUTES, 'validation.time_limit_required'),
};

/** Every field the regulated profile requires (registration's extra fields, the completion's body). */
export const regulatedProfileShape = { ...regulatedIdentityShape, ...signupLimitsShape };
export const REGULATED_PROFILE_FIELDS = Object.keys(regulatedProfileShape) as Array<keyof typeof regulatedProfileShape>;
export const regulatedProfileSchema = z.object(regulatedProfileShape);
export type RegulatedProfile = z.output<typeof regulatedProfileSchema>;

/** The same fields as `register2Body` carries them: each optional (a site that is not regulated asks none). */
export const optionalRegulatedProfileShape = Object.fromEntries(
  Object.entries(regulatedProfileShape).map(([name, field]) => [name, (field as z.ZodType).optional()]),
) as { [K in keyof typeof regulatedProfileShape]: z.ZodOptional<(typeof regulatedProfileShape)[K]> };

/**
 * POST /api/profile/regulated: a member of a site that became regulated completes its data. The
 * full name may be corrected at the same time (it must match the CPF registry).
 */
export const completeRegulatedProfileBody = z.strictObject({
  ...regulatedProfileShape,
  realname: z.string().trim().min(2, { error: 'validation.realname_format' }).max(100, { error: 'validation.realname_format' }).optional(),
  lang: langField,
});
export type CompleteRegulatedProfileBody = z.input<typeof completeRegulatedProfileBody>;

/** What a member of a regulated site still has to give (empty when complete, or off the regulated profile). */
export const profileStateResponse = z.object({
  regulated: z.boolean(),
  profile_incomplete: z.boolean(),
  missing_fields: z.array(z.string()),
});
export type ProfileState = z.infer<typeof profileStateResponse>;
