import type { Database } from '../../db/database.ts';
import { clock } from '../../lib/clock.ts';
import * as repo from './terms.repository.ts';

/**
 * Whether a member may bet as far as the terms go (issue 15 item 4): once a terms version is in
 * force, a member who has not accepted it gets 403 TERMS_NOT_ACCEPTED on every stake until they do.
 *
 * The bet path asks this on every stake, so it costs no query there: the published versions of
 * each site are kept in memory (a few rows; reloaded after TTL_MS, and at once in this process when
 * an operator publishes), which version is in force is worked out from their dates against the
 * clock, and the member's accepted version comes on the row the stake already reads
 * (members.terms_version). Another process sees a new version within TTL_MS; a change is
 * announced 14 days ahead, so only a site's very first version can take effect that late.
 */

const TTL_MS = 30_000;

interface SiteVersions {
  loadedAt: number;
  /** Published terms versions, highest first. */
  versions: { id: number; version: number; effectiveAt: string }[];
}

const cache = new Map<number, SiteVersions>();

/** Drops what is kept (after a publish; tests on a fresh database). */
export function forgetTermsVersions(siteId?: number): void {
  if (siteId === undefined) cache.clear();
  else cache.delete(siteId);
}

async function versionsOf(db: Database, siteId: number): Promise<SiteVersions> {
  const kept = cache.get(siteId);
  if (kept && Date.now() - kept.loadedAt < TTL_MS) return kept;
  const rows = await repo.publishedTermsVersions(db, siteId);
  const fresh: SiteVersions = {
    loadedAt: Date.now(),
    versions: rows
      .filter((row) => row.effective_at !== null)
      .map((row) => ({ id: Number(row.id), version: Number(row.version), effectiveAt: row.effective_at as string })),
  };
  cache.set(siteId, fresh);
  return fresh;
}

/** The terms version in force on a site at `nowIso`, or null while it has none. */
export async function currentTermsVersion(db: Database, siteId: number, nowIso = clock.nowIso()): Promise<number | null> {
  const { versions } = await versionsOf(db, siteId);
  return versions.find((v) => v.effectiveAt <= nowIso)?.version ?? null;
}

/** True when terms in force wait for this member's acceptance. */
export async function mustAcceptTerms(db: Database, siteId: number, acceptedVersion: number | null): Promise<boolean> {
  const current = await currentTermsVersion(db, siteId);
  return current !== null && (acceptedVersion ?? 0) < current;
}

/**
 * The terms version a member must accept before betting, or null when nothing waits. `member` is
 * the row the caller already read (site and accepted version); without it one row is read.
 */
export async function termsVersionRequired(
  db: Database,
  memberId: number,
  member?: { site_id: number; terms_version: number | null },
): Promise<number | null> {
  const row = member ?? (await repo.memberTermsRow(db, memberId));
  if (!row) return null;
  const current = await currentTermsVersion(db, Number(row.site_id));
  return current !== null && (row.terms_version ?? 0) < current ? current : null;
}

/**
 * Registration: the agree box accepted the versions in force (terms and privacy) at sign-up; run
 * inside the registration's transaction.
 */
export async function acceptAtRegistration(trx: Database, memberId: number, siteId: number, ip: string | null): Promise<void> {
  const now = clock.nowIso();
  for (const kind of ['terms', 'privacy'] as const) {
    const row = await repo.currentDocument(trx, siteId, kind, now);
    if (row) await repo.insertAcceptance(trx, { memberId, documentId: Number(row.id), kind, version: Number(row.version), ip, now });
  }
}
