import { formatterFor } from '@casino/shared/number-format';
import type { GameItem } from '@casino/shared/schemas/games';
import { Heart } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../lib/translation.ts';
import { Link } from 'react-router';
import { useFollowToggle } from '../lib/games-catalogue.ts';
import { currentLanguage, htmlLangOf } from '../lib/i18n.ts';
import { Skeleton } from './spinner.tsx';

/** Where a tile leads: the hand-off page, which opens the game full screen. */
export const gameInfoPath = (code: string) => `/gameInfo?code=${encodeURIComponent(code)}`;

/** Two colours from the game code, so a game whose artwork failed still looks like itself. */
function fallbackColours(code: string): [string, string] {
  let hash = 0;
  for (const char of code) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const hue = hash % 360;
  return [`hsl(${hue} 70% 42%)`, `hsl(${(hue + 50) % 360} 75% 18%)`];
}

const rtpFormat = formatterFor({ style: 'percent', maximumFractionDigits: 2 });

/** "97%", "96,5%": the declared RTP (a percentage string) for the reader's language. */
function formatRtp(rtp: string): string {
  const value = Number(rtp);
  if (!Number.isFinite(value)) return rtp;
  return rtpFormat(htmlLangOf(currentLanguage())).format(value / 100);
}

/** The game's artwork (`thumbnail`), or a drawn card with its category and name if it fails. */
export function GameArt({ game, eager = false }: { game: GameItem; eager?: boolean }) {
  const [broken, setBroken] = useState(false);
  if (game.thumbnail && !broken) {
    return (
      <img
        src={game.thumbnail}
        alt=""
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        onError={() => setBroken(true)}
        className="absolute inset-0 h-full w-full object-cover transition duration-300 group-hover:scale-105"
      />
    );
  }
  const [from, to] = fallbackColours(game.code);
  return (
    <div
      className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-2 text-center"
      style={{ backgroundImage: `linear-gradient(150deg, ${from}, ${to})` }}
      data-testid="game-art-fallback"
    >
      <img src={`/images/category/${game.category}.svg`} alt="" className="size-10 opacity-90 drop-shadow" />
      <span className="line-clamp-3 text-sm leading-tight font-extrabold text-white uppercase drop-shadow">{game.name}</span>
    </div>
  );
}

/** The heart on every tile: follow or unfollow; a visitor is asked to log in. */
export function FollowHeart({ game, className = '' }: { game: GameItem; className?: string }) {
  const { t } = useTranslation();
  const { toggle, busy } = useFollowToggle(game);
  const label = game.is_followed ? t('games.unfollow', { name: game.name }) : t('games.follow', { name: game.name });
  return (
    <button
      type="button"
      onClick={() => void toggle()}
      disabled={busy}
      aria-pressed={game.is_followed}
      aria-label={label}
      title={label}
      data-testid="follow-heart"
      className={`flex size-8 items-center justify-center rounded-full bg-ink/65 backdrop-blur-sm transition hover:scale-110 active:scale-95 disabled:opacity-70 ${
        game.is_followed ? 'text-danger' : 'text-white/85 hover:text-white'
      } ${className}`}
    >
      <Heart size={17} strokeWidth={2} fill={game.is_followed ? 'currentColor' : 'none'} aria-hidden="true" focusable="false" />
    </button>
  );
}

/** One game: artwork, name, provider, a badge, the heart; a tap opens /gameInfo. */
export function GameTile({ game, eager = false }: { game: GameItem; eager?: boolean }) {
  const { t } = useTranslation();
  const badge = game.is_promotion ? t('games.badge_promotion') : game.is_popular ? t('games.badge_popular') : null;
  return (
    <div className="group relative" data-testid="game-tile" data-game-code={game.code}>
      <Link
        to={gameInfoPath(game.code)}
        className="block overflow-hidden rounded-xl border border-line/60 bg-surface shadow-[0_6px_16px_-10px_rgba(0,0,0,0.8)] transition hover:-translate-y-0.5 hover:border-gold/60"
      >
        <div className="relative aspect-[3/4] overflow-hidden bg-surface-2">
          <GameArt game={game} eager={eager} />
          {badge ? (
            <span className="absolute top-1.5 left-1.5 rounded-md bg-gradient-to-b from-gold to-gold-deep px-1.5 py-0.5 text-[10px] font-extrabold tracking-wide text-ink uppercase">
              {badge}
            </span>
          ) : null}
        </div>
        <div className="flex flex-col px-2 pt-1.5 pb-2">
          <span className="truncate text-[13px] leading-tight font-semibold text-white">{game.name}</span>
          <span className="flex items-baseline gap-1 text-[11px] leading-tight">
            <span className="min-w-0 flex-1 truncate text-muted">{game.provider_name}</span>
            {game.is_house ? <span className="shrink-0 text-[10px] font-semibold text-money/90">RTP {formatRtp(game.rtp)}</span> : null}
          </span>
        </div>
      </Link>
      <FollowHeart game={game} className="absolute top-1.5 right-1.5" />
    </div>
  );
}

const GRID = 'grid grid-cols-3 gap-2.5 sm:grid-cols-4 md:grid-cols-5 md:gap-3 lg:grid-cols-6';

/** A responsive grid of tiles: three across on a phone, six on a wide screen. */
export function GameGrid({ games, label }: { games: GameItem[]; label: string }) {
  return (
    <ul className={GRID} aria-label={label}>
      {games.map((game, i) => (
        <li key={game.id}>
          <GameTile game={game} eager={i < 6} />
        </li>
      ))}
    </ul>
  );
}

export function GameGridSkeleton({ count = 12 }: { count?: number }) {
  return (
    <div className={GRID} aria-hidden="true" data-testid="games-loading">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="flex flex-col gap-1.5">
          <Skeleton className="aspect-[3/4] w-full" />
          <Skeleton className="h-3 w-3/4" />
          <Skeleton className="h-2.5 w-1/2" />
        </div>
      ))}
    </div>
  );
}

const ROW =
  'scrollbar-none -mx-3 grid snap-x auto-cols-[30%] grid-flow-col gap-2.5 overflow-x-auto px-3 pb-1 sm:auto-cols-[22%] md:mx-0 md:auto-cols-[calc((100%-4*0.75rem)/5)] md:gap-3 md:px-0 lg:auto-cols-[calc((100%-6*0.75rem)/7)]';

/** A horizontal row of tiles (popular, promotion, recently played). */
export function GameRow({ games, label }: { games: GameItem[]; label: string }) {
  return (
    <ul className={ROW} aria-label={label}>
      {games.map((game) => (
        <li key={game.id} className="snap-start">
          <GameTile game={game} />
        </li>
      ))}
    </ul>
  );
}

export function GameRowSkeleton() {
  return (
    <div className={ROW} aria-hidden="true">
      {Array.from({ length: 7 }, (_, i) => (
        <Skeleton key={i} className="aspect-[3/4] w-full" />
      ))}
    </div>
  );
}
