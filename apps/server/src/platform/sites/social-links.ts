import type { Site } from '../../db/schema.ts';

/** The site's social links as the player site lists them; a malformed column reads as none. */
export function parseSocialLinks(site: Site): { name: string; url: string; icon: string }[] {
  try {
    const parsed = JSON.parse(site.social_links) as unknown;
    return Array.isArray(parsed) ? (parsed as { name: string; url: string; icon: string }[]) : [];
  } catch {
    return [];
  }
}
