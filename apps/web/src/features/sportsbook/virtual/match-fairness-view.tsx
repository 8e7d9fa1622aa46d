import type { FixtureDetail } from '@casino/shared/schemas/sports';
import { useQuery } from '@tanstack/react-query';
import { ShieldAlert, ShieldQuestion } from 'lucide-react';
import { Spinner } from '../../../components/spinner.tsx';
import { currentLanguage, htmlLangOf } from '../../../lib/i18n.ts';
import { type SportsT, useSportsTranslation } from '../sports-i18n.ts';
import type { MatchCheck } from './match-fairness.ts';

/**
 * Checks a finished match in the browser. The checking code (and the hashing library) is loaded
 * only when a player looks at a finished match, so the page itself stays light.
 */
export function useMatchCheck(fixture: FixtureDetail | undefined) {
  const ready = Boolean(fixture && fixture.status === 'finished' && fixture.server_seed);
  return useQuery({
    queryKey: [
      'sports',
      'virtual-check',
      fixture?.id,
      fixture?.server_seed,
      fixture?.home_score,
      fixture?.away_score,
      fixture?.events.length,
    ],
    enabled: ready,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async (): Promise<MatchCheck> => {
      const { checkMatch } = await import('./match-fairness.ts');
      const match = fixture!;
      return checkMatch({
        id: match.id,
        serverSeed: match.server_seed,
        serverSeedHash: match.server_seed_hash,
        goals: match.events,
        homeScore: match.home_score,
        awayScore: match.away_score,
      });
    },
  });
}

/**
 * One match's commitment: the seed's hash before and during play, the revealed seed and the
 * browser's own check after full time ("Verificado ✓").
 */
export function MatchFairness({ fixture }: { fixture: FixtureDetail }) {
  const { t } = useSportsTranslation();
  const check = useMatchCheck(fixture);
  if (!fixture.server_seed_hash) return null;
  return (
    <div className="flex flex-col gap-1.5 rounded-xl border border-line/60 bg-night/60 p-3 text-xs" data-testid="virtual-match-fairness">
      <div className="flex items-center justify-between gap-2">
        <span className="font-semibold text-soft">{t('virtual.fair.match_title', { id: fixture.id })}</span>
        {fixture.status === 'finished' ? (
          <CheckBadge state={check.data} loading={check.isPending && check.fetchStatus !== 'idle'} t={t} />
        ) : null}
      </div>
      <SeedLine label={t('virtual.fair.hash')} value={fixture.server_seed_hash} />
      {fixture.server_seed ? (
        <SeedLine label={t('virtual.fair.seed')} value={fixture.server_seed} />
      ) : (
        <p className="text-muted">{t('virtual.fair.seed_after')}</p>
      )}
      {check.data ? <CheckDetail check={check.data} fixture={fixture} t={t} /> : null}
    </div>
  );
}

function SeedLine({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <span className="text-muted">{label}: </span>
      <code className="font-mono text-[11px] break-all text-soft">{value}</code>
    </div>
  );
}

/** The verdict in a word: verified, failed, or still checking. */
export function CheckBadge({ state, loading, t }: { state: MatchCheck | undefined; loading: boolean; t: SportsT }) {
  if (loading) {
    return (
      <span className="inline-flex items-center gap-1 text-muted">
        <Spinner size={12} />
        {t('virtual.fair.checking')}
      </span>
    );
  }
  if (!state || state.status === 'no_seed') {
    return (
      <span className="inline-flex items-center gap-1 text-muted">
        <ShieldQuestion size={14} aria-hidden="true" />
        {t('virtual.fair.pending')}
      </span>
    );
  }
  if (state.status === 'verified') {
    return (
      <span className="inline-flex items-center gap-1 font-semibold text-money" data-testid="virtual-verified">
        {t('virtual.fair.verified')}
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-1 font-semibold text-danger" data-testid="virtual-verify-failed">
      <ShieldAlert size={14} aria-hidden="true" />
      {t('virtual.fair.failed')}
    </span>
  );
}

/** What was checked, in a sentence: the rates that reproduce the goals, or what did not match. */
function CheckDetail({ check, fixture, t }: { check: MatchCheck; fixture: FixtureDetail; t: SportsT }) {
  if (check.status === 'verified') {
    const xg = new Intl.NumberFormat(htmlLangOf(currentLanguage()), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const rate = (range: { minXg: number; maxXg: number }) => `${xg.format(range.minXg)}–${xg.format(range.maxXg)}`;
    return (
      <p className="text-soft">
        {t('virtual.fair.verified_detail', {
          home: fixture.home.name,
          away: fixture.away.name,
          home_rate: rate(check.home),
          away_rate: rate(check.away),
        })}
      </p>
    );
  }
  if (check.status === 'no_seed') return null;
  const reason =
    check.status === 'hash_mismatch'
      ? t('virtual.fair.hash_mismatch')
      : check.status === 'goals_mismatch'
        ? t('virtual.fair.goals_mismatch', { team: check.side === 'home' ? fixture.home.name : fixture.away.name })
        : t('virtual.fair.score_mismatch');
  return <p className="text-danger">{reason}</p>;
}
