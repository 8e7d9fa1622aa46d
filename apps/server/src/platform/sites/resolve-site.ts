import type { Database } from '../../db/database.ts';
import type { Site } from '../../db/schema.ts';
import { AppError } from '../../lib/http.ts';
import * as sites from './sites.repository.ts';

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
