import { lazy, Suspense } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { Skeleton } from '../../components/spinner.tsx';
import { useIsLoggedIn } from '../../lib/session.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { HeroBanner } from './hero-banner.tsx';
import { useActivities } from './home.api.ts';
import { CategoryTabs, PopularRow, PromotionRow, ProviderList, RecentRow, SearchBar, SectionTitle } from './home-games.tsx';

function Activities() {
  const { t } = useTranslation();
  const activities = useActivities();
  return (
    <section>
      <SectionTitle
        action={
          <Link to="/promotion/activity" className="text-sm font-medium text-gold hover:underline">
            {t('common.see_all')}
          </Link>
        }
      >
        {t('home.activities')}
      </SectionTitle>
      {activities.isPending ? (
        <div className="flex gap-3 overflow-hidden">
          <Skeleton className="h-32 w-64 shrink-0" />
          <Skeleton className="h-32 w-64 shrink-0" />
        </div>
      ) : activities.isError ? (
        <EmptyState text={t('common.load_fail')} />
      ) : activities.data.length === 0 ? (
        <EmptyState text={t('empty.no_activity')} />
      ) : (
        <ul className="scrollbar-none -mx-3 flex snap-x gap-3 overflow-x-auto px-3 pb-1 md:mx-0 md:px-0">
          {activities.data.map((activity) => (
            <li key={activity.id} className="w-64 shrink-0 snap-start md:w-72">
              <Link
                to="/promotion/activity"
                className="flex h-full flex-col overflow-hidden rounded-2xl border border-line/60 bg-surface hover:border-gold/50"
              >
                {activity.image_url ? (
                  <img src={activity.image_url} alt="" loading="lazy" className="aspect-[2/1] w-full object-cover" />
                ) : (
                  <div className="aspect-[2/1] w-full bg-gradient-to-br from-gold/30 via-surface-2 to-surface" />
                )}
                <div className="flex flex-col gap-1 p-3">
                  <h3 className="line-clamp-1 text-sm font-semibold text-white">{activity.title}</h3>
                  <p className="line-clamp-2 text-xs text-muted">{activity.content}</p>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Below the fold and fed by its own socket: not part of the home page's first load. */
const LiveWinsStrip = lazy(() => import('../../components/live-wins-strip.tsx').then((m) => ({ default: m.LiveWinsStrip })));

/**
 * Home: banner, search, the ten category tabs with their games, popular and promotion rows,
 * what the member played lately, activities and the providers.
 */
export function HomePage() {
  const loggedIn = useIsLoggedIn();
  usePageTitle('');
  return (
    <div className="flex flex-col gap-6 md:gap-8">
      <HeroBanner loggedIn={loggedIn} />
      <SearchBar />
      <RecentRow />
      <CategoryTabs />
      <PopularRow />
      <PromotionRow />
      <Suspense fallback={null}>
        <LiveWinsStrip />
      </Suspense>
      <Activities />
      <ProviderList />
    </div>
  );
}
