import { z } from 'zod';

export const siteQuery = z.object({
  site: z.string().max(64).optional(),
  host: z.string().max(255).optional(),
  lang: z.string().max(8).optional(),
});

export const supportedLanguage = z.object({
  language_flag_link: z.string(),
  language_name: z.string(),
  language_code: z.string(),
});
export const languageOption = z.object({ icon: z.string(), option: z.string(), value: z.string() });
export const languageListResponse = z.object({
  supported_language: z.array(supportedLanguage),
  default_language: z.string(),
});

export const socialLink = z.object({ name: z.string(), url: z.string(), icon: z.string() });

export const siteData = z.object({
  site: z.string(),
  brand_name: z.string(),
  host: z.string(),
  default_language: z.string(),
  logo_url: z.string(),
  support_url: z.string(),
  currency: z.string(),
  social_links: z.array(socialLink),
  /** The operator's licence (configuration LICENCE_NUMBER), shown in the footer; null when not set. */
  licence_number: z.string().nullable(),
  /** The regulated profile (Lei 14.790/2023): registration asks CPF, birth date, address and the sign-up limits. */
  regulated: z.boolean(),
});

export const activityDetail = z.object({
  id: z.number().int(),
  type: z.string(),
  title: z.string(),
  content: z.string(),
  image_url: z.string().nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  sort: z.number().int(),
});
