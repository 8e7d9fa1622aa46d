import { type ReactNode, useEffect } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Link } from 'react-router';
import { buttonClass } from '../../components/button.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { GameGrid, GameGridSkeleton } from '../../components/game-tile.tsx';
import { LoginRequired } from '../../components/login-required.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { isSessionError } from '../../lib/api.ts';
import { useFollowList } from '../../lib/games-catalogue.ts';
import { useIsLoggedIn } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { LoadError } from './games-ui.tsx';

/** /favorites: the games the member follows; a heart taken off reloads the list. */
export function FavoritesPage() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const follows = useFollowList();
  const failed = follows.isError && !isSessionError(follows.error);

  // Spec section 8: a favourites-list failure says "Error in setting favorite list".
  useEffect(() => {
    if (failed) toast.error(t('games.follow_list_failed'));
  }, [failed, t]);

  let body: ReactNode;
  if (!loggedIn) body = <LoginRequired />;
  else if (follows.isPending) body = <GameGridSkeleton count={6} />;
  else if (follows.isError) body = <LoadError error={follows.error} onRetry={() => void follows.refetch()} />;
  else if (follows.data.length === 0)
    body = (
      <EmptyState text={t('empty.no_games')}>
        <p className="max-w-xs text-xs text-muted">{t('games.favorites_hint')}</p>
        <Link to="/game" className={buttonClass('gold', 'sm')}>
          {t('games.explore')}
        </Link>
      </EmptyState>
    );
  else body = <GameGrid games={follows.data} label={t('pages.favorites')} />;

  return (
    <section>
      <PageHeader title={t('pages.favorites')} />
      {body}
    </section>
  );
}
