import { LANGUAGES, normalizeLanguage } from '@casino/shared/languages';
import { CURRENCY } from '@casino/shared/constants';
import type { Database } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import type { Site } from '../../db/schema.ts';
import { AppError } from '../../lib/http.ts';
import * as sites from '../../platform/sites/sites.repository.ts';

export interface SiteSelector {
  site?: string | undefined;
  host?: string | undefined;
  /** The request's Host header, used when neither site nor host is given. */
  requestHost?: string | undefined;
}

/**
 * The site a request belongs to: by name, else by host, else by the request's Host header, else
 * the first site. An explicit site name that matches nothing is an error, not a fallback.
 */
export async function resolveSite(db: Database, selector: SiteSelector): Promise<Site> {
  if (selector.site) {
    const site = (await sites.findSiteByName(db, selector.site)) ?? (await sites.findSiteByHost(db, selector.site));
    if (!site) throw new AppError('SITE_UNKNOWN');
    return site;
  }
  // A host is only a hint: aliases, IPs and proxies reach the default site.
  const host = selector.host ?? selector.requestHost;
  const byHost = host ? await sites.findSiteByHost(db, stripPort(host)) : undefined;
  const site = byHost ?? (await sites.findDefaultSite(db));
  if (!site) throw new Error('no site configured: the first start seeds one');
  return site;
}

function stripPort(host: string): string {
  return host.replace(/:\d+$/, '').toLowerCase();
}

export function languageList() {
  const supported = LANGUAGES.map((l) => ({
    language_flag_link: `/static/flags/${l.flag}.svg`,
    language_name: l.name,
    language_code: l.code,
  }));
  const options = LANGUAGES.map((l) => ({ icon: `/static/flags/${l.flag}.svg`, option: l.name, value: l.code }));
  return { supported, options };
}

export function parseSocialLinks(site: Site): { name: string; url: string; icon: string }[] {
  try {
    const parsed = JSON.parse(site.social_links) as unknown;
    return Array.isArray(parsed) ? (parsed as { name: string; url: string; icon: string }[]) : [];
  } catch {
    return [];
  }
}

export function siteData(site: Site) {
  return {
    site: site.name,
    brand_name: site.brand_name,
    host: site.host,
    default_language: site.default_lang,
    logo_url: site.logo_url,
    support_url: site.support_url,
    currency: CURRENCY,
    social_links: parseSocialLinks(site),
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
