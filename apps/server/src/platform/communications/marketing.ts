import type { Database } from '../../db/database.ts';
import { clock } from '../../lib/clock.ts';
import { restrictionsOf } from '../responsible/standing.ts';
import { settingsOfMembers } from './communications.repository.ts';

/**
 * Marketing (a campaign note to a whole site, promotional mail) never reaches a member who paused
 * or excluded themselves, or whose account the federal register closed (Portaria SPA/MF
 * 1.231/2024: no communication that invites an excluded person back). The rule is
 * `mayReceiveMarketing` of platform/responsible/standing.ts, applied here to a slice of recipients
 * in one query.
 */
export async function marketingAudience(db: Database, memberIds: number[]): Promise<number[]> {
  const nowIso = clock.nowIso();
  const blocked = new Set<number>();
  for (const settings of await settingsOfMembers(db, memberIds)) {
    const r = restrictionsOf(settings, nowIso);
    if (r.pausedUntil || r.excluded || r.closed) blocked.add(Number(settings.member_id));
  }
  return memberIds.filter((id) => !blocked.has(id));
}
