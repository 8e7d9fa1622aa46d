import type { GameItem } from '@casino/shared/schemas/games';
import { useMemo } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Link } from 'react-router';
import { buttonClass } from '../../components/button.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { FollowHeart, GameArt, gameInfoPath } from '../../components/game-tile.tsx';
import { Skeleton } from '../../components/spinner.tsx';
import { formatMoney } from '../../lib/format.ts';
import { useGameList } from '../../lib/games-catalogue.ts';
import { LoadError, LoadMore } from './games-ui.tsx';

/** One live table: artwork, the live badge, provider, table limits and a way in. */
function LiveTableCard({ game }: { game: GameItem }) {
  const { t } = useTranslation();
  return (
    <article className="group relative flex gap-3 rounded-2xl border border-line/70 bg-surface p-2.5 transition hover:border-gold/50">
      <Link
        to={gameInfoPath(game.code)}
        className="relative aspect-[3/4] w-24 shrink-0 overflow-hidden rounded-xl bg-surface-2"
        tabIndex={-1}
      >
        <GameArt game={game} />
        <span className="absolute top-1.5 left-1.5 flex items-center gap-1 rounded-md bg-danger px-1.5 py-0.5 text-[10px] font-extrabold text-white uppercase">
          <span className="size-1.5 animate-pulse rounded-full bg-white" aria-hidden="true" />
          {t('games.live_badge')}
        </span>
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1 py-0.5 pr-8">
        <h2 className="truncate text-[15px] font-bold text-white">
          <Link to={gameInfoPath(game.code)} className="hover:text-gold">
            {game.name}
          </Link>
        </h2>
        <p className="truncate text-xs text-muted">{game.provider_name}</p>
        <p className="text-xs text-soft">{t('games.table_limits', { min: formatMoney(game.min_bet), max: formatMoney(game.max_bet) })}</p>
        <Link to={gameInfoPath(game.code)} className={buttonClass('gold', 'sm', 'mt-auto w-fit')}>
          {t('games.play')}
        </Link>
      </div>
      <FollowHeart game={game} className="absolute top-2.5 right-2.5 bg-surface-2" />
    </article>
  );
}

/** The live category as a list of tables (the /video page). */
export function LiveTableList() {
  const { t } = useTranslation();
  const list = useGameList({ category: 'live' });
  const games = useMemo(() => list.data?.pages.flatMap((page) => page.list) ?? [], [list.data]);
  if (list.isPending) {
    return (
      <div className="grid gap-3 md:grid-cols-2 lg:grid-cols-3" aria-hidden="true" data-testid="games-loading">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-36" />
        ))}
      </div>
    );
  }
  if (list.isError) return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  if (games.length === 0) return <EmptyState text={t('empty.no_games')} />;
  return (
    <>
      <ul className="grid gap-3 md:grid-cols-2 lg:grid-cols-3" aria-label={t('pages.video')}>
        {games.map((game) => (
          <li key={game.id}>
            <LiveTableCard game={game} />
          </li>
        ))}
      </ul>
      <LoadMore
        shown={games.length}
        total={list.data.pages.at(-1)?.total ?? games.length}
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        onMore={() => void list.fetchNextPage()}
      />
    </>
  );
}
