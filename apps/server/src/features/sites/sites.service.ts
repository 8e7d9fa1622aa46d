import { LANGUAGES, normalizeLanguage } from '@casino/shared/languages';
import { CURRENCY } from '@casino/shared/constants';
import type { Database } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import type { Site } from '../../db/schema.ts';
import { parseSocialLinks } from '../../platform/sites/social-links.ts';
import * as sites from './sites.repository.ts';

export function languageList() {
  const supported = LANGUAGES.map((l) => ({
    language_flag_link: `/static/flags/${l.flag}.svg`,
    language_name: l.name,
    language_code: l.code,
  }));
  const options = LANGUAGES.map((l) => ({ icon: `/static/flags/${l.flag}.svg`, option: l.name, value: l.code }));
  return { supported, options };
}

/** The site's public data; `licenceNumber` comes from the configuration (LICENCE_NUMBER). */
export function siteData(site: Site, licenceNumber: string | null = null) {
  return {
    site: site.name,
    brand_name: site.brand_name,
    host: site.host,
    default_language: site.default_lang,
    logo_url: site.logo_url,
    support_url: site.support_url,
    currency: CURRENCY,
    social_links: parseSocialLinks(site),
    licence_number: licenceNumber,
    regulated: site.regulated === 1,
  };
}

function pick(json: string, lang: string): string {
  try {
    const map = JSON.parse(json) as Record<string, string>;
    return map[lang] ?? map.pt ?? map.en ?? Object.values(map)[0] ?? '';
  } catch {
    return '';
  }
}

export async function activityDetails(db: Database, site: Site, lang: string) {
  const language = normalizeLanguage(lang);
  const rows = await sites.listActivities(db, site.id, nowIso());
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    title: pick(row.title_json, language),
    content: pick(row.content_json, language),
    image_url: row.image_url,
    starts_at: row.starts_at,
    ends_at: row.ends_at,
    sort: row.sort,
  }));
}
