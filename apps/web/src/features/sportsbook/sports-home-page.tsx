import type { CompetitionItem } from '@casino/shared/schemas/sports';
import { memo, type ReactNode, useDeferredValue, useMemo } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { ChevronRightIcon } from '../../components/icons.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { Skeleton } from '../../components/spinner.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { FixtureRow } from './components/fixture-row.tsx';
import { competitionPath } from './sports-paths.ts';
import { useSlipPriceSync } from './slip/use-slip-price-sync.ts';
import { type FixtureSummary, type SportsHome, useSportsHome } from './sports.api.ts';
import { useSportsTranslation } from './sports-i18n.ts';

/** A drawn pitch for the virtual league banner (no image file). */
function PitchArt() {
  return (
    <svg viewBox="0 0 120 80" className="h-20 w-28 shrink-0 drop-shadow-[0_8px_16px_rgba(34,197,94,0.35)]" aria-hidden="true">
      <rect x="2" y="2" width="116" height="76" rx="6" fill="#15803d" />
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <rect key={i} x={2 + i * 19.33} y="2" width="9.66" height="76" fill="#16a34a" />
      ))}
      <g fill="none" stroke="#ecfdf5" strokeWidth="1.6" opacity="0.9">
        <rect x="6" y="6" width="108" height="68" rx="2" />
        <line x1="60" y1="6" x2="60" y2="74" />
        <circle cx="60" cy="40" r="11" />
        <rect x="6" y="24" width="15" height="32" />
        <rect x="99" y="24" width="15" height="32" />
      </g>
      <circle cx="78" cy="33" r="4.5" fill="#fff" stroke="#0b1122" strokeWidth="1" />
    </svg>
  );
}

function VirtualBanner() {
  const { t } = useSportsTranslation();
  return (
    <Link
      to="/sports/virtual"
      className="group flex items-center gap-4 overflow-hidden rounded-2xl border border-money/30 bg-gradient-to-r from-money-deep/40 via-surface to-surface p-4 transition hover:border-money/60"
      data-testid="virtual-banner"
    >
      <PitchArt />
      <div className="min-w-0 flex-1">
        <p className="text-[11px] font-bold tracking-wider text-money uppercase">{t('status.virtual')} · 24/7</p>
        <h2 className="text-base font-bold text-white md:text-lg">{t('home.virtual_title')}</h2>
        <p className="mt-0.5 line-clamp-2 text-[13px] text-soft">{t('home.virtual_text')}</p>
        <span className="mt-2 inline-flex items-center gap-1 text-sm font-semibold text-gold group-hover:underline">
          {t('home.virtual_cta')}
          <ChevronRightIcon size={16} />
        </span>
      </div>
    </Link>
  );
}

function CompetitionChips({ competitions }: { competitions: CompetitionItem[] }) {
  const { t } = useSportsTranslation();
  if (competitions.length === 0) return null;
  return (
    <section aria-labelledby="sports-competitions">
      <h2 id="sports-competitions" className="mb-2 text-sm font-bold text-soft">
        {t('home.competitions')}
      </h2>
      <div className="scrollbar-none -mx-3 flex gap-2 overflow-x-auto px-3 md:mx-0 md:flex-wrap md:px-0">
        {competitions.map((competition) => (
          <Link
            key={competition.id}
            to={competitionPath(competition)}
            className="flex h-9 shrink-0 items-center gap-1.5 rounded-full border border-line bg-surface px-3.5 text-sm whitespace-nowrap text-soft transition hover:border-gold/50 hover:text-white"
          >
            {competition.name}
            <span className="rounded-full bg-surface-2 px-1.5 text-[11px] font-semibold text-muted tabular-nums">
              {competition.fixture_count}
            </span>
          </Link>
        ))}
      </div>
    </section>
  );
}

function FixtureSection({ id, title, fixtures, empty }: { id: string; title: ReactNode; fixtures: FixtureSummary[]; empty: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h2 id={id} className="flex items-center gap-2 text-base font-bold text-white">
        {title}
        {fixtures.length > 0 ? <span className="text-xs font-semibold text-muted tabular-nums">{fixtures.length}</span> : null}
      </h2>
      {fixtures.length > 0 ? fixtures.map((fixture) => <FixtureRow key={fixture.id} fixture={fixture} />) : empty}
    </section>
  );
}

/**
 * The data's place while it loads: the competitions' row and a screenful of fixtures (so the
 * footer stays below until the lists come).
 */
function HomeSkeleton() {
  return (
    <div className="flex flex-col gap-3" aria-hidden="true">
      <Skeleton className="h-9 w-2/3" />
      {[0, 1, 2, 3, 4, 5, 6, 7].map((i) => (
        <Skeleton key={i} className="h-[76px]" />
      ))}
    </div>
  );
}

/**
 * /sports: live now, starting soon, the competitions and the virtual league. The virtual league's
 * banner needs no data: it paints at once (the page's largest element) and the lists fill in
 * below it.
 */
export function SportsHomePage() {
  const { t } = useSportsTranslation();
  usePageTitle(t('title'));
  const home = useSportsHome();
  const data = home.data;
  const markets = useMemo(
    () => (data ? [...data.live, ...data.upcoming].flatMap((f) => (f.main_market ? [f.main_market] : [])) : undefined),
    [data],
  );
  useSlipPriceSync(markets);
  // The lists (dozens of fixtures with their odds) render in an interruptible pass: a query's
  // answer re-renders synchronously, which held the main thread for one long task.
  const shown = useDeferredValue(data);

  return (
    <div className="flex flex-col gap-5" data-testid={home.isSuccess && shown ? 'sports-home' : undefined}>
      <h1 className="sr-only">{t('title')}</h1>
      <VirtualBanner />
      {home.isError ? (
        <LoadError error={home.error} onRetry={() => void home.refetch()} />
      ) : shown ? (
        <SportsLists home={shown} />
      ) : (
        <HomeSkeleton />
      )}
    </div>
  );
}

/** Memoised: the page's own re-renders (a query's state, the deferred value's first pass) skip the lists. */
const SportsLists = memo(function SportsLists({ home }: { home: SportsHome }) {
  const { t } = useSportsTranslation();
  const nothing = home.live.length === 0 && home.upcoming.length === 0;
  return (
    <>
      <CompetitionChips competitions={home.competitions} />
      {nothing ? (
        <EmptyState text={t('empty.no_data')} />
      ) : (
        <>
          <FixtureSection
            id="sports-live"
            title={
              <>
                <span className="size-2 rounded-full bg-danger" aria-hidden="true" />
                {t('home.live_now')}
              </>
            }
            fixtures={home.live}
            empty={<p className="rounded-xl border border-dashed border-line px-4 py-3 text-sm text-muted">{t('home.no_live')}</p>}
          />
          <FixtureSection
            id="sports-upcoming"
            title={t('home.starting_soon')}
            fixtures={home.upcoming}
            empty={<EmptyState text={t('empty.no_data')} />}
          />
        </>
      )}
    </>
  );
});
