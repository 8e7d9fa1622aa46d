import { formatterFor } from '@casino/shared/number-format';
import { API } from '@casino/shared/player-api-paths';
import { FEED_LATEST_SIZE, FEED_TOP_SIZE } from '@casino/shared/constants';
import type { FeedEntry, FeedWinsResponse } from '@casino/shared/schemas/feed';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { apiGet } from '../lib/api.ts';
import { formatMoney } from '../lib/format.ts';
import { currentLanguage, htmlLangOf, loadCommunityNamespace } from '../lib/i18n.ts';
import { subscribe, useBroadcasts } from '../lib/realtime.ts';
import { useTranslation } from '../lib/translation.ts';
import { gameInfoPath } from './game-tile.tsx';

/**
 * The live feed (issue 15 item 3): the latest settled rounds of every game and the day's biggest
 * multipliers, players masked by the server. Read once (GET /api/feed/wins, visitors too), then
 * kept current by the `{ type: 'win' }` pushes on /ws (a visitor's page opens a socket for them).
 * Only real rounds: an empty feed says so (the home section) or hides (the game pages' bar).
 *
 * - `section` (home page): a phone shows one list at a time under two tabs; a desktop shows the
 *   two lists side by side.
 * - `bar` (game pages): one thin row of the latest rounds that scrolls sideways.
 */
export const FEED_KEY = ['feed', 'wins'] as const;

function merge(data: FeedWinsResponse | undefined, entry: FeedEntry): FeedWinsResponse | undefined {
  if (!data) return data;
  const latest = [entry, ...data.latest.filter((e) => e.id !== entry.id)].slice(0, FEED_LATEST_SIZE);
  let top = data.top;
  // The day's top list takes rounds of its São Paulo day (UTC-3) that won more than they staked, biggest multiplier first.
  const day = new Date(Date.parse(entry.at) - 3 * 3_600_000).toISOString().slice(0, 10);
  if (day === data.day && Number(entry.multiplier) > 1 && !top.some((e) => e.id === entry.id)) {
    top = [...top, entry]
      .sort((a, b) => Number(b.multiplier) - Number(a.multiplier) || Number(b.win) - Number(a.win))
      .slice(0, FEED_TOP_SIZE);
  }
  return { ...data, latest, top };
}

function applyPushes(queryClient: QueryClient) {
  return subscribe((message) => {
    if (message.type === 'win') queryClient.setQueryData<FeedWinsResponse>(FEED_KEY, (data) => merge(data, message.data));
  });
}

function useFeed() {
  const queryClient = useQueryClient();
  useBroadcasts();
  useEffect(() => applyPushes(queryClient), [queryClient]);
  return useQuery({
    queryKey: FEED_KEY,
    // Pushes keep it current; a refetch on focus catches what a sleeping tab missed.
    staleTime: 30_000,
    refetchOnWindowFocus: true,
    queryFn: async ({ signal }) => (await apiGet<FeedWinsResponse>(API.feed.wins, undefined, signal)).data,
  });
}

function useCommunity(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    loadCommunityNamespace()
      .then(() => live && setReady(true))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return ready;
}

const multiplierFormat = formatterFor({ minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "2,50×" for the reader's language. */
function formatMultiplier(text: string): string {
  return `${multiplierFormat(htmlLangOf(currentLanguage())).format(Number(text))}×`;
}

function LiveDot() {
  return (
    <span className="relative flex size-2" aria-hidden="true">
      <span className="absolute inline-flex size-full animate-ping rounded-full bg-money opacity-60" />
      <span className="relative inline-flex size-2 rounded-full bg-money" />
    </span>
  );
}

const won = (entry: FeedEntry) => Number(entry.multiplier) >= 1;

/** The game's name in the reader's language, else English, else the catalogue's default. */
const gameNameOf = (entry: FeedEntry) => entry.game_names[currentLanguage()] ?? entry.game_names.en ?? entry.game_name;

function FeedRow({ entry }: { entry: FeedEntry }) {
  return (
    <li
      data-testid="feed-row"
      data-round={entry.id}
      className="grid grid-cols-[minmax(0,1fr)_auto_auto] items-center gap-3 px-3 py-2 text-[13px] md:grid-cols-[minmax(0,1fr)_auto_auto_auto]"
    >
      <span className="flex min-w-0 flex-col">
        <Link to={gameInfoPath(entry.game_code)} className="truncate font-medium text-white hover:text-gold">
          {gameNameOf(entry)}
        </Link>
        <span className="truncate text-[12px] text-muted" data-testid="feed-player">
          {entry.player}
        </span>
      </span>
      <span className="hidden w-24 text-right text-muted tabular-nums md:block">{formatMoney(entry.bet)}</span>
      <span className={`tabular-nums font-semibold ${won(entry) ? 'text-gold' : 'text-muted'}`}>{formatMultiplier(entry.multiplier)}</span>
      <span className={`w-24 text-right tabular-nums ${Number(entry.win) > 0 ? 'text-money' : 'text-muted'}`}>
        {formatMoney(entry.win)}
      </span>
    </li>
  );
}

function FeedList({ entries, empty, label, testId }: { entries: FeedEntry[]; empty: string; label: string; testId: string }) {
  if (entries.length === 0) {
    return (
      <p className="rounded-xl bg-surface-2/40 px-4 py-6 text-center text-sm text-soft" data-testid={`${testId}-empty`}>
        {empty}
      </p>
    );
  }
  return (
    <ul aria-label={label} data-testid={testId} className="divide-y divide-line/50">
      {entries.map((entry) => (
        <FeedRow key={entry.id} entry={entry} />
      ))}
    </ul>
  );
}

/** Home page: the latest rounds and the day's biggest multipliers. */
function FeedSection() {
  const { t } = useTranslation('community', { keyPrefix: 'feed' });
  const feed = useFeed();
  const [tab, setTab] = useState<'latest' | 'top'>('latest');
  const tabs = [
    { key: 'latest' as const, label: t('latest'), short: t('latest') },
    { key: 'top' as const, label: t('top'), short: t('top_short') },
  ];
  const phoneCount = 6;
  return (
    <section data-testid="live-feed" aria-labelledby="live-feed-title">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 id="live-feed-title" className="flex items-center gap-2 text-base font-bold text-white md:text-lg">
          <span className="h-4 w-1 rounded-full bg-gold" aria-hidden="true" />
          {t('title')}
          <LiveDot />
        </h2>
      </div>
      {feed.isPending ? (
        <div className="h-40 animate-pulse rounded-2xl bg-surface" />
      ) : feed.isError ? (
        <p className="rounded-2xl border border-line/60 bg-surface px-4 py-6 text-center text-sm text-soft">{t('load_fail')}</p>
      ) : (
        <>
          {/* A phone: one list at a time. */}
          <div className="rounded-2xl border border-line/60 bg-surface md:hidden">
            <div role="tablist" aria-label={t('title')} className="flex gap-1 border-b border-line/50 p-1.5">
              {tabs.map((item) => (
                <button
                  key={item.key}
                  type="button"
                  role="tab"
                  aria-selected={tab === item.key}
                  onClick={() => setTab(item.key)}
                  className={`h-8 flex-1 rounded-lg px-2 text-[13px] font-medium transition ${
                    tab === item.key ? 'bg-gold/10 text-gold' : 'text-soft hover:text-white'
                  }`}
                >
                  {item.short}
                </button>
              ))}
            </div>
            <div role="tabpanel" className="py-1">
              {tab === 'latest' ? (
                <FeedList
                  entries={feed.data.latest.slice(0, phoneCount)}
                  empty={t('empty_latest')}
                  label={t('latest')}
                  testId="feed-latest-phone"
                />
              ) : (
                <FeedList entries={feed.data.top.slice(0, phoneCount)} empty={t('empty_top')} label={t('top')} testId="feed-top-phone" />
              )}
            </div>
          </div>
          {/* A desktop: both lists in a row. */}
          <div className="hidden gap-4 md:grid md:grid-cols-2">
            {tabs.map((item) => (
              <div key={item.key} className="rounded-2xl border border-line/60 bg-surface">
                <h3 className="border-b border-line/50 px-3 py-2.5 text-sm font-semibold text-soft">{item.label}</h3>
                <div className="py-1">
                  {item.key === 'latest' ? (
                    <FeedList entries={feed.data.latest.slice(0, 8)} empty={t('empty_latest')} label={item.label} testId="feed-latest" />
                  ) : (
                    <FeedList entries={feed.data.top.slice(0, 8)} empty={t('empty_top')} label={item.label} testId="feed-top" />
                  )}
                </div>
              </div>
            ))}
          </div>
        </>
      )}
    </section>
  );
}

function FeedChip({ entry, testId }: { entry: FeedEntry; testId: string }) {
  return (
    <li
      data-testid={testId}
      data-round={entry.id}
      className="flex shrink-0 items-center gap-1.5 rounded-full bg-surface px-2.5 py-1 whitespace-nowrap"
    >
      <span className="text-muted">{entry.player}</span>
      <span className="max-w-28 truncate text-soft">{gameNameOf(entry)}</span>
      <span className={`tabular-nums font-semibold ${won(entry) ? 'text-gold' : 'text-muted'}`}>{formatMultiplier(entry.multiplier)}</span>
      {Number(entry.win) > 0 ? <span className="tabular-nums text-money">{formatMoney(entry.win)}</span> : null}
    </li>
  );
}

/**
 * Game pages: one thin row, the latest rounds then the day's biggest multipliers, scrolling
 * sideways; nothing at all until there is a round to show.
 */
function FeedBar() {
  const { t } = useTranslation('community', { keyPrefix: 'feed' });
  const feed = useFeed();
  const latest = feed.data?.latest ?? [];
  const top = feed.data?.top ?? [];
  if (latest.length === 0 && top.length === 0) return null;
  return (
    <section
      aria-label={t('title')}
      data-testid="live-feed-bar"
      className="flex h-9 shrink-0 items-center gap-2 overflow-hidden border-t border-white/5 bg-night/95 pl-2 text-[12px]"
    >
      <span className="flex shrink-0 items-center gap-1.5 font-semibold text-soft uppercase">
        <LiveDot />
        <span className="hidden sm:inline">{t('title')}</span>
      </span>
      <ul className="scrollbar-none flex min-w-0 flex-1 items-center gap-1.5 overflow-x-auto pr-2">
        {latest.map((entry) => (
          <FeedChip key={entry.id} entry={entry} testId="feed-chip" />
        ))}
        {top.length > 0 ? <li className="shrink-0 pl-2 font-semibold text-gold whitespace-nowrap uppercase">{t('top_short')}</li> : null}
        {top.map((entry) => (
          <FeedChip key={`top-${entry.id}`} entry={entry} testId="feed-top-chip" />
        ))}
      </ul>
    </section>
  );
}

export function LiveWinsStrip({ variant = 'section' }: { variant?: 'section' | 'bar' }) {
  const ready = useCommunity();
  if (!ready) return null;
  return variant === 'bar' ? <FeedBar /> : <FeedSection />;
}
