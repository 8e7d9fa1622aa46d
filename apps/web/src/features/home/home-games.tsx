import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { GameGrid, GameGridSkeleton, GameRow, GameRowSkeleton } from '../../components/game-tile.tsx';
import { HeartIcon, HistoryIcon, SearchIcon } from '../../components/shell-icons.tsx';
import { Skeleton } from '../../components/spinner.tsx';
import { CATEGORIES, type Category } from '../../lib/categories.ts';
import { type GameItem, useGameList, useGameRow, useProviders, useRecentGames } from '../../lib/games-catalogue.ts';
import { useIsLoggedIn } from '../../lib/session.ts';

/** How many games a category tab shows before "see all". */
const TAB_GAMES = 12;

export function SectionTitle({ children, action }: { children: string; action?: ReactNode }) {
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

function SeeAll({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <Link to={to} className="shrink-0 text-sm font-medium text-gold hover:underline">
      {t('common.see_all')}
    </Link>
  );
}

/** The search entry, with shortcuts to the member's favourites and game records. */
export function SearchBar() {
  const { t } = useTranslation();
  const shortcut =
    'flex size-11 shrink-0 items-center justify-center rounded-xl border border-line bg-surface text-soft transition hover:border-gold/50 hover:text-gold';
  return (
    <div className="flex gap-2">
      <Link
        to="/searchGames"
        className="flex h-11 min-w-0 flex-1 items-center gap-2 rounded-xl border border-line bg-surface px-3.5 text-sm text-muted hover:border-gold/50"
      >
        <SearchIcon size={18} />
        <span className="truncate">{t('home.search_placeholder')}</span>
      </Link>
      <Link to="/favorites" className={shortcut} aria-label={t('pages.favorites')} title={t('pages.favorites')}>
        <HeartIcon size={19} />
      </Link>
      <Link to="/game-records" className={shortcut} aria-label={t('pages.game_records')} title={t('pages.game_records')}>
        <HistoryIcon size={19} />
      </Link>
    </div>
  );
}

function CategoryGames({ category, panelId, tabId }: { category: Category; panelId: string; tabId: string }) {
  const { t } = useTranslation();
  const list = useGameList({ category }, { pageSize: TAB_GAMES });
  const page = list.data?.pages[0];
  let body: ReactNode;
  if (list.isPending) body = <GameGridSkeleton count={6} />;
  else if (list.isError || !page) body = <EmptyState text={t('common.load_fail')} />;
  else if (page.list.length === 0) body = <EmptyState text={t('empty.no_games')} />;
  else body = <GameGrid games={page.list} label={t(`categories.${category}`)} />;
  return (
    <div role="tabpanel" id={panelId} aria-labelledby={tabId} className="pt-3">
      {body}
      {page && page.total > page.list.length ? (
        <div className="mt-3 flex justify-center">
          <Link
            to={`/game?type=${category}`}
            className="rounded-full border border-line px-4 py-2 text-sm font-medium text-soft hover:border-gold/50 hover:text-gold"
          >
            {t('home.all_in_category', { count: page.total, category: t(`categories.${category}`) })}
          </Link>
        </div>
      ) : null}
    </div>
  );
}

/** Tabs for the ten categories, each showing its games (or the spec's empty text). */
export function CategoryTabs() {
  const { t } = useTranslation();
  const [active, setActive] = useState<Category>(CATEGORIES[0]);
  const baseId = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const tabId = (c: Category) => `${baseId}-tab-${c}`;
  const panelId = `${baseId}-panel`;

  // Arrow keys move between tabs (the WAI-ARIA tabs pattern).
  const onKeyDown = (event: KeyboardEvent) => {
    const index = CATEGORIES.indexOf(active);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = CATEGORIES[(index + step + CATEGORIES.length) % CATEGORIES.length]!;
    setActive(next);
    tabs.current[CATEGORIES.indexOf(next)]?.focus();
  };

  return (
    <section>
      <SectionTitle action={<SeeAll to={`/game?type=${active}`} />}>{t('home.categories')}</SectionTitle>
      <div
        role="tablist"
        aria-label={t('home.categories')}
        onKeyDown={onKeyDown}
        className="scrollbar-none -mx-3 flex gap-2 overflow-x-auto px-3 pb-1 md:mx-0 md:grid md:grid-cols-10 md:px-0"
      >
        {CATEGORIES.map((category, i) => {
          const selected = category === active;
          return (
            <button
              key={category}
              ref={(node) => {
                tabs.current[i] = node;
              }}
              id={tabId(category)}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={panelId}
              tabIndex={selected ? 0 : -1}
              onClick={() => setActive(category)}
              className={`group flex w-[72px] shrink-0 flex-col items-center gap-1 rounded-xl border px-1 py-2 text-center transition md:w-auto ${
                selected ? 'border-gold/70 bg-gold/10' : 'border-line/60 bg-surface hover:border-gold/40 hover:bg-surface-2'
              }`}
            >
              <img
                src={`/images/category/${category}.svg`}
                alt=""
                width={36}
                height={36}
                className={`size-8 transition md:size-10 ${selected ? 'scale-110' : 'group-hover:scale-110'}`}
              />
              <span
                className={`line-clamp-2 flex min-h-[2lh] w-full items-start justify-center text-[11px] leading-tight font-medium break-words md:text-xs ${
                  selected ? 'text-gold' : 'text-soft group-hover:text-white'
                }`}
              >
                {t(`categories.${category}`)}
              </span>
            </button>
          );
        })}
      </div>
      <CategoryGames key={active} category={active} panelId={panelId} tabId={tabId(active)} />
    </section>
  );
}

/** A titled row of tiles; hidden when the server has none to show (no invented games). */
function Row({
  title,
  games,
  pending,
  failed,
  action,
}: {
  title: string;
  games: GameItem[] | undefined;
  pending: boolean;
  failed: boolean;
  action?: ReactNode;
}) {
  if (!pending && (failed || !games || games.length === 0)) return null;
  return (
    <section>
      <SectionTitle action={action}>{title}</SectionTitle>
      {pending || !games ? <GameRowSkeleton /> : <GameRow games={games} label={title} />}
    </section>
  );
}

export function PopularRow() {
  const { t } = useTranslation();
  const row = useGameRow('popular');
  return <Row title={t('games.popular')} games={row.data} pending={row.isPending} failed={row.isError} />;
}

export function PromotionRow() {
  const { t } = useTranslation();
  const row = useGameRow('promotion');
  return <Row title={t('games.promotion')} games={row.data} pending={row.isPending} failed={row.isError} />;
}

/** The member's recently played games (members only). */
export function RecentRow() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const row = useRecentGames();
  if (!loggedIn) return null;
  return (
    <Row title={t('games.recent')} games={row.data} pending={row.isPending} failed={row.isError} action={<SeeAll to="/game-records" />} />
  );
}

/** The providers (platType) with their game counts; each opens its games. */
export function ProviderList() {
  const { t } = useTranslation();
  const providers = useProviders();
  const list = (providers.data ?? []).filter((provider) => provider.game_count > 0);
  if (!providers.isPending && list.length === 0) return null;
  return (
    <section>
      <SectionTitle>{t('games.providers')}</SectionTitle>
      {providers.isPending ? (
        <div className="flex gap-2.5">
          <Skeleton className="h-16 w-40" />
          <Skeleton className="h-16 w-40" />
        </div>
      ) : (
        <ul className="grid grid-cols-2 gap-2.5 sm:grid-cols-3 lg:grid-cols-5" aria-label={t('games.providers')}>
          {list.map((provider) => (
            <li key={provider.plat_type}>
              <Link
                to={`/game?provider=${encodeURIComponent(provider.plat_type)}`}
                className="flex h-16 items-center gap-3 rounded-xl border border-line/60 bg-surface px-3 transition hover:border-gold/50 hover:bg-surface-2"
              >
                {provider.logo_url ? (
                  <img src={provider.logo_url} alt="" loading="lazy" className="size-10 shrink-0 rounded-lg object-contain" />
                ) : (
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br from-gold to-gold-deep text-base font-black text-ink uppercase">
                    {provider.name.slice(0, 1)}
                  </span>
                )}
                <span className="flex min-w-0 flex-col">
                  <span className="truncate text-sm font-semibold text-white">{provider.name}</span>
                  <span className="text-xs text-muted">{t('games.game_count', { count: provider.game_count })}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
