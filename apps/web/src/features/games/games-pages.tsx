import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../components/button.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { FeaturePage } from '../../components/feature-page.tsx';
import { inputClass } from '../../components/form-field.tsx';
import { SearchIcon } from '../../components/icons.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { CATEGORIES, type Category } from '../../lib/categories.ts';

function isCategory(value: string | null): value is Category {
  return value !== null && (CATEGORIES as readonly string[]).includes(value);
}

/** /game?type=slots&tag=...: category chips and the game grid (games arrive in a later release). */
export function GameListPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const type = params.get('type');
  const valid = type === null || isCategory(type);
  const title = isCategory(type) ? t(`categories.${type}`) : t('pages.game');
  return (
    <section>
      <PageHeader title={title} />
      <nav
        aria-label={t('home.categories')}
        className="scrollbar-none -mx-3 mb-4 flex gap-2 overflow-x-auto px-3 md:mx-0 md:flex-wrap md:px-0"
      >
        {CATEGORIES.map((category) => (
          <Link
            key={category}
            to={`/game?type=${category}`}
            aria-current={category === type ? 'page' : undefined}
            className={`flex h-9 shrink-0 items-center rounded-full border px-3.5 text-sm transition ${
              category === type ? 'border-gold bg-gold/10 text-gold' : 'border-line bg-surface text-soft hover:border-gold/50'
            }`}
          >
            {t(`categories.${category}`)}
          </Link>
        ))}
      </nav>
      <EmptyState text={valid ? t('empty.no_games') : t('common.wrong_type')} />
    </section>
  );
}

export function VideoPage() {
  const { t } = useTranslation();
  return <FeaturePage title={t('pages.video')} emptyText={t('empty.no_games')} />;
}

/** /searchGames: the search box and its results. */
export function SearchGamesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const query = params.get('q') ?? '';
  return (
    <section>
      <PageHeader title={t('pages.search')} />
      <form
        aria-label={t('pages.search')}
        className="mb-4 flex gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          setParams(text.trim() ? { q: text.trim() } : {}, { replace: true });
        }}
      >
        <input
          type="search"
          name="q"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('home.search_placeholder')}
          aria-label={t('home.search_placeholder')}
          maxLength={64}
          className={`${inputClass} border-line`}
        />
        <button type="submit" className={buttonClass('gold', 'md', 'h-12 w-12 px-0')} aria-label={t('common.search')}>
          <SearchIcon />
        </button>
      </form>
      <EmptyState text={query ? t('empty.no_records') : t('empty.no_games')} />
    </section>
  );
}

/** /gameInfo, outside the layout: the hand-off into a game once the game catalogue exists. */
export function GameInfoPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex min-h-dvh max-w-lg flex-col px-4 py-4">
      <PageHeader title={t('pages.game_info')} />
      <EmptyState text={t('empty.no_games')}>
        <Link to="/" className={buttonClass('gold', 'sm')}>
          {t('common.go_home')}
        </Link>
      </EmptyState>
    </div>
  );
}
