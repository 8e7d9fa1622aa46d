import type { GameItem } from '@casino/shared/schemas/games';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { inputClass } from '../../components/form-field.tsx';
import { GameGrid, GameGridSkeleton } from '../../components/game-tile.tsx';
import { CloseIcon, SearchIcon } from '../../components/icons.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { CATEGORIES, type Category } from '../../lib/categories.ts';
import { type GameListFilter, useGameList, useGameRow, useProviders } from '../../lib/games-catalogue.ts';
import { Chip, ChipRow, LoadError, LoadMore, useTagLabel } from './games-ui.tsx';
import { LiveTableList } from './live-tables.tsx';

function isCategory(value: string | null): value is Category {
  return value !== null && (CATEGORIES as readonly string[]).includes(value);
}

/** A query string for /game with one filter changed; empty values drop out. */
function gameListHref(current: URLSearchParams, change: Record<string, string | null>): string {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(change)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  const query = next.toString();
  return query ? `/game?${query}` : '/game';
}

/** The games of one filter, page by page, with skeletons, empty state and "load more". */
function PagedGames({ filter, label, emptyText }: { filter: GameListFilter; label: string; emptyText: string }) {
  const list = useGameList(filter);
  const games = useMemo(() => list.data?.pages.flatMap((page) => page.list) ?? [], [list.data]);
  if (list.isPending) return <GameGridSkeleton />;
  if (list.isError) return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  if (games.length === 0) return <EmptyState text={emptyText} />;
  const total = list.data.pages.at(-1)?.total ?? games.length;
  return (
    <>
      <GameGrid games={games} label={label} />
      <LoadMore
        shown={games.length}
        total={total}
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        onMore={() => void list.fetchNextPage()}
      />
    </>
  );
}

/** Tags of a category, read from its games (first 100), most used first. */
function useCategoryTags(filter: GameListFilter): string[] {
  const list = useGameList(filter, { pageSize: 100 });
  return useMemo(() => {
    const counts = new Map<string, number>();
    for (const game of list.data?.pages[0]?.list ?? []) for (const tag of game.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
    return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([tag]) => tag);
  }, [list.data]);
}

/** /game?type=slots&tag=new&provider=house: games by category (type), tag and provider. */
export function GameListPage() {
  const { t } = useTranslation();
  const tagLabel = useTagLabel();
  const [params] = useSearchParams();
  const type = params.get('type');
  const tag = params.get('tag') ?? undefined;
  const provider = params.get('provider') ?? undefined;
  const wrongType = type !== null && type !== '' && !isCategory(type);
  const category = isCategory(type) ? type : undefined;
  const providers = useProviders();
  const providerName = providers.data?.find((p) => p.plat_type === provider)?.name ?? provider;
  const categoryTags = useCategoryTags({ category, plat_type: provider });
  const tags = tag && !categoryTags.includes(tag) ? [tag, ...categoryTags] : categoryTags;

  const title = category ? t(`categories.${category}`) : providerName ? providerName : t('pages.game');
  return (
    <section>
      <PageHeader title={title} />
      <div className="mb-4 flex flex-col gap-3">
        <ChipRow label={t('home.categories')}>
          <Chip to={gameListHref(params, { type: null, tag: null })} active={!type}>
            {t('games.all')}
          </Chip>
          {CATEGORIES.map((c) => (
            <Chip key={c} to={gameListHref(params, { type: c, tag: null })} active={c === type}>
              {t(`categories.${c}`)}
            </Chip>
          ))}
        </ChipRow>
        {!wrongType && (tags.length > 0 || provider) ? (
          <ChipRow label={t('games.filters')}>
            {provider ? (
              <Chip to={gameListHref(params, { provider: null })} active>
                {t('games.provider_filter', { name: providerName })}
                <CloseIcon size={14} />
              </Chip>
            ) : null}
            {tags.map((name) => (
              <Chip key={name} to={gameListHref(params, { tag: name === tag ? null : name })} active={name === tag}>
                #{tagLabel(name)}
                {name === tag ? <CloseIcon size={14} /> : null}
              </Chip>
            ))}
          </ChipRow>
        ) : null}
      </div>
      {wrongType ? (
        <EmptyState text={t('common.wrong_type')}>
          <Link to="/game" className="text-sm font-medium text-gold hover:underline">
            {t('games.all')}
          </Link>
        </EmptyState>
      ) : (
        <PagedGames filter={{ category, tag, plat_type: provider }} label={title} emptyText={t('empty.no_games')} />
      )}
    </section>
  );
}

/** /video: the live tables (the live category), each with its table limits. */
export function VideoPage() {
  const { t } = useTranslation();
  return (
    <section>
      <PageHeader title={t('pages.video')} />
      <LiveTableList />
    </section>
  );
}

const SEARCH_DEBOUNCE_MS = 250;
const SEARCH_MAX_LENGTH = 64;

function useDebounced(value: string, delayMs: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

function Suggestions() {
  const { t } = useTranslation();
  const popular = useGameRow('popular');
  const games: GameItem[] = popular.data ?? [];
  if (popular.isPending) return <GameGridSkeleton count={6} />;
  if (games.length === 0) return null;
  return (
    <div>
      <h2 className="mb-3 text-sm font-semibold text-soft">{t('games.popular')}</h2>
      <GameGrid games={games} label={t('games.popular')} />
    </div>
  );
}

/** /searchGames?q=: results appear as the player types (debounced), searching names in every language. */
export function SearchGamesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const term = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const input = useRef<HTMLInputElement>(null);

  // The address follows the search (so back and reload keep it), without a history entry per key.
  useEffect(() => {
    if ((params.get('q') ?? '') !== term) setParams(term ? { q: term } : {}, { replace: true });
  }, [term, params, setParams]);

  return (
    <section>
      <PageHeader title={t('pages.search')} />
      <search className="mb-5 block">
        <form
          aria-label={t('pages.search')}
          className="relative"
          onSubmit={(event) => {
            event.preventDefault();
            input.current?.blur();
          }}
        >
          <SearchIcon size={18} className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-muted" />
          <input
            ref={input}
            type="search"
            name="q"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('home.search_placeholder')}
            aria-label={t('home.search_placeholder')}
            maxLength={SEARCH_MAX_LENGTH}
            autoComplete="off"
            enterKeyHint="search"
            autoFocus
            className={`${inputClass} border-line pr-11 pl-10 [&::-webkit-search-cancel-button]:hidden`}
          />
          {text ? (
            <button
              type="button"
              onClick={() => {
                setText('');
                input.current?.focus();
              }}
              aria-label={t('games.clear_search')}
              className="absolute inset-y-0 right-0 flex w-11 items-center justify-center text-muted hover:text-white"
            >
              <CloseIcon size={18} />
            </button>
          ) : null}
        </form>
      </search>
      {term ? (
        <div aria-live="polite">
          <PagedGames filter={{ name: term }} label={t('games.results_for', { term })} emptyText={t('empty.no_games')} />
        </div>
      ) : (
        <Suggestions />
      )}
    </section>
  );
}
