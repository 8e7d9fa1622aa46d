import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { SearchIcon } from '../../components/icons.tsx';
import { Skeleton } from '../../components/spinner.tsx';
import { useIsLoggedIn } from '../../lib/session.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { CATEGORIES } from '../../lib/categories.ts';
import { HeroBanner } from './hero-banner.tsx';
import { useActivities } from './home.api.ts';

function SectionTitle({ children, action }: { children: string; action?: ReactNode }) {
  return (
    <div className="mb-3 flex items-center justify-between gap-3">
      <h2 className="flex items-center gap-2 text-base font-bold text-white md:text-lg">
        <span className="h-4 w-1 rounded-full bg-gold" aria-hidden="true" />
        {children}
      </h2>
      {action}
    </div>
  );
}

function Categories() {
  const { t } = useTranslation();
  return (
    <section>
      <SectionTitle>{t('home.categories')}</SectionTitle>
      <ul className="grid grid-cols-5 gap-2 md:grid-cols-10 md:gap-3">
        {CATEGORIES.map((category) => (
          <li key={category}>
            <Link
              to={`/game?type=${category}`}
              className="group flex h-full flex-col items-center gap-1.5 rounded-xl border border-line/60 bg-surface px-1 py-2.5 text-center transition hover:border-gold/50 hover:bg-surface-2"
            >
              <img
                src={`/images/category/${category}.svg`}
                alt=""
                width={40}
                height={40}
                className="size-9 transition group-hover:scale-110 md:size-11"
              />
              <span className="line-clamp-2 flex min-h-[2lh] w-full items-start justify-center text-[11px] leading-tight font-medium break-words text-soft group-hover:text-white md:text-xs">
                {t(`categories.${category}`)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

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

/** Home: banner, categories, activities and the games section (games arrive in a later release). */
export function HomePage() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  usePageTitle('');
  return (
    <div className="flex flex-col gap-6 md:gap-8">
      <HeroBanner loggedIn={loggedIn} />
      <Link
        to="/searchGames"
        className="flex h-11 items-center gap-2 rounded-xl border border-line bg-surface px-3.5 text-sm text-muted hover:border-gold/50"
      >
        <SearchIcon size={18} />
        {t('home.search_placeholder')}
      </Link>
      <Categories />
      <Activities />
      <section>
        <SectionTitle>{t('home.games')}</SectionTitle>
        <EmptyState text={t('empty.no_games')} />
      </section>
    </div>
  );
}
