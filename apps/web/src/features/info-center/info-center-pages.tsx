import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { NavLink } from 'react-router';
import { Button, buttonClass } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { ChevronRightIcon, HeadsetIcon } from '../../components/icons.tsx';
import { LoginRequired } from '../../components/login-required.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Skeleton } from '../../components/spinner.tsx';
import { errorMessage, isSessionError } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useIsLoggedIn, useSession } from '../../lib/session.ts';
import { openSupport, useSupportUnreadCount } from '../../lib/support-store.ts';
import { toast } from '../../lib/toast.ts';
import {
  type AnnouncementEntry,
  type NotificationEntry,
  useAnnouncements,
  useMarkAnnouncementRead,
  useMarkNotificationRead,
  useNotifications,
  useSupport,
} from './info-center.api.ts';
import { BindRequests } from './bind-requests.tsx';
import { useUnreadCounts } from './unread.ts';

/**
 * The information centre (spec section 2: /information-center/support, /notification,
 * /announcement): the support link, the member's notifications and the site's announcements,
 * with tabs between them. Texts written by operators are shown as plain text, never as HTML.
 */

type Tab = { to: string; label: string; count: (counts: ReturnType<typeof useUnreadCounts>) => number };

const TABS: Tab[] = [
  { to: '/information-center/support', label: 'pages.support', count: () => 0 },
  { to: '/information-center/notification', label: 'pages.notification', count: (c) => c.notifications },
  { to: '/information-center/announcement', label: 'pages.announcement', count: (c) => c.announcements },
];

function InfoTabs() {
  const { t } = useTranslation();
  const counts = useUnreadCounts();
  return (
    <nav aria-label={t('pages.information_center')} className="grid grid-cols-3 gap-1 rounded-xl bg-surface p-1">
      {TABS.map((tab) => {
        const count = tab.count(counts);
        return (
          <NavLink
            key={tab.to}
            to={tab.to}
            className={({ isActive }) =>
              `relative flex h-10 min-w-0 items-center justify-center rounded-lg px-1 text-[13px] font-semibold transition ${
                isActive ? 'bg-surface-2 text-gold' : 'text-muted hover:text-white'
              }`
            }
          >
            <span className="truncate">{t(tab.label)}</span>
            {count > 0 ? (
              <span className="absolute top-0.5 right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-danger px-1 text-[10px] leading-none font-bold text-white tabular-nums">
                <span className="sr-only">{t('info.unread_count', { count })}</span>
                <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
              </span>
            ) : null}
          </NavLink>
        );
      })}
    </nav>
  );
}

/** Frame of the three pages: title, tabs, content. */
function InfoPage({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col">
      <PageHeader title={title} action={action} />
      <div className="flex flex-col gap-4">
        <InfoTabs />
        {children}
      </div>
    </section>
  );
}

function Failure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-danger/30 bg-danger/5 p-4 text-center">
      <p className="text-sm text-soft">{errorMessage(error)}</p>
      <Button size="sm" variant="ghost" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}

function ListSkeleton() {
  return (
    <div className="flex flex-col gap-2.5" role="status">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-[72px]" />
      ))}
    </div>
  );
}

function LoadMore({ hasMore, loading, onMore }: { hasMore: boolean; loading: boolean; onMore: () => void }) {
  const { t } = useTranslation();
  if (!hasMore) return null;
  return (
    <Button variant="ghost" block loading={loading} onClick={onMore}>
      {t('info.load_more')}
    </Button>
  );
}

/** Only links a browser opens as a page or an app (WhatsApp, Telegram, e-mail), never `javascript:`. */
function safeLink(url: string | null | undefined): string | null {
  if (!url) return null;
  return /^(https?:\/\/|tg:|whatsapp:|mailto:)/i.test(url.trim()) ? url.trim() : null;
}

// ---- support ------------------------------------------------------------------------------------

/** /information-center/support: the messaging service, 24/7, and the site's channels. */
export function SupportPage() {
  const { t } = useTranslation();
  const support = useSupport();
  let body: ReactNode;
  if (support.isPending) body = <Skeleton className="h-[220px]" />;
  else if (support.isError) body = <Failure error={support.error} onRetry={() => void support.refetch()} />;
  else body = <SupportCard url={safeLink(support.data.url)} hours={support.data.hours} channels={support.data.channels} />;
  return (
    <InfoPage title={t('pages.support')}>
      <SupportChatButton />
      {body}
    </InfoPage>
  );
}

/**
 * Members open the in-page support chat from here (on phones its only door: no floating button
 * there), with the count of operator answers not read yet.
 */
function SupportChatButton() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const unread = useSupportUnreadCount();
  if (!loggedIn) return null;
  return (
    <button type="button" onClick={openSupport} className={buttonClass('money', 'lg', 'relative w-full')} data-testid="support-open">
      {t('info.support_chat')}
      {unread > 0 ? (
        <span
          className="absolute -top-1.5 -right-1.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-danger px-1 text-[11px] leading-none font-bold text-white ring-2 ring-ink tabular-nums"
          data-testid="support-open-unread"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </button>
  );
}

type Channel = { name: string; url: string; icon: string | null };

function SupportCard({ url, hours, channels }: { url: string | null; hours: string; channels: Channel[] }) {
  const { t } = useTranslation();
  const links = channels.flatMap((channel) => {
    const href = safeLink(channel.url);
    return href && href !== url ? [{ ...channel, url: href }] : [];
  });
  if (!url && links.length === 0) return <EmptyState text={t('empty.no_data')} />;
  return (
    <>
      <Card className="relative overflow-hidden bg-gradient-to-br from-surface-2 via-surface to-surface text-center">
        <div className="pointer-events-none absolute -top-16 -right-16 size-48 rounded-full bg-gold/10 blur-2xl" aria-hidden="true" />
        <div className="relative flex flex-col items-center gap-3">
          <span className="flex size-16 items-center justify-center rounded-full bg-gold/15 text-gold">
            <HeadsetIcon size={32} />
          </span>
          <h2 className="text-lg font-bold text-white">{t('info.support_title')}</h2>
          <p className="max-w-sm text-sm text-soft">{t('footer.support_24_7')}</p>
          <span className="rounded-full bg-money/15 px-3 py-1 text-xs font-bold text-money" data-testid="support-hours">
            {t('info.hours', { hours })}
          </span>
          {url ? (
            <a
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass('gold', 'lg', 'mt-1 w-full max-w-xs')}
              data-testid="support-link"
            >
              {t('info.support_open')}
              <span className="sr-only"> ({t('info.opens_new_window')})</span>
            </a>
          ) : null}
        </div>
      </Card>
      {links.length > 0 ? (
        <Card className="p-2 md:p-2">
          <h2 className="px-3 pt-2 pb-1 text-sm font-semibold text-soft">{t('info.channels')}</h2>
          <ul>
            {links.map((channel) => (
              <li key={channel.url}>
                <a
                  href={channel.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex h-12 items-center gap-3 rounded-xl px-3 text-[15px] text-white hover:bg-surface-2"
                >
                  {channel.icon?.startsWith('/') ? (
                    <img src={channel.icon} alt="" className="size-6 shrink-0" loading="lazy" />
                  ) : (
                    <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-surface-2 text-xs font-bold text-gold">
                      {channel.name.slice(0, 1).toUpperCase()}
                    </span>
                  )}
                  <span className="flex-1 truncate">{channel.name}</span>
                  <span className="sr-only">({t('info.opens_new_window')})</span>
                  <ChevronRightIcon size={18} className="text-muted" />
                </a>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </>
  );
}

// ---- expandable rows ----------------------------------------------------------------------------

type RowProps = {
  title: string;
  text: string;
  at: string;
  unread: boolean;
  badge?: ReactNode;
  onOpen: () => void;
};

/** A message that opens in place: the unread dot, the title and time; the text once opened. */
function MessageRow({ title, text, at, unread, badge, onOpen }: RowProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const toggle = () => {
    if (!open) onOpen();
    setOpen(!open);
  };
  return (
    <li className={`rounded-2xl border bg-surface transition ${open ? 'border-gold/40' : 'border-line/70'}`}>
      <button
        type="button"
        onClick={toggle}
        aria-expanded={open}
        aria-controls={panelId}
        className="flex w-full items-start gap-3 px-4 py-3 text-left"
      >
        <span className="mt-1.5 flex size-2.5 shrink-0 items-center justify-center" data-unread={unread ? 'true' : 'false'}>
          {unread ? <span className="size-2.5 rounded-full bg-danger" /> : null}
          {unread ? <span className="sr-only">{t('info.unread')}</span> : null}
        </span>
        <span className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="flex items-center gap-2">
            {badge}
            <span className={`truncate text-[15px] ${unread ? 'font-bold text-white' : 'font-medium text-soft'}`}>{title}</span>
          </span>
          {open ? null : <span className="line-clamp-1 text-sm break-words text-muted">{text}</span>}
          <time className="text-xs text-muted tabular-nums" dateTime={at}>
            {formatDateTime(at)}
          </time>
        </span>
        <ChevronRightIcon size={18} className={`mt-1 shrink-0 text-muted transition ${open ? 'rotate-90' : ''}`} />
      </button>
      <div id={panelId} hidden={!open} className="px-4 pb-4 pl-[38px]">
        <p className="text-sm leading-relaxed break-words whitespace-pre-line text-white">{text}</p>
      </div>
    </li>
  );
}

// ---- notifications ------------------------------------------------------------------------------

/** /information-center/notification: the member's notifications; opening one marks it read. */
export function NotificationPage() {
  const { t } = useTranslation();
  const { token, user } = useSession();
  const loggedIn = token !== null;
  const notifications = useNotifications(user.id, loggedIn);
  const markRead = useMarkNotificationRead();
  const unread = notifications.data?.pages[0]?.unread ?? 0;

  const read = (item: NotificationEntry) => {
    if (item.is_read) return;
    markRead.mutate(item.id, { onError: (error) => isSessionError(error) || toast.error(errorMessage(error)) });
  };
  const readAll = () =>
    markRead.mutate(undefined, {
      onSuccess: () => toast.success(t('info.marked_all')),
      onError: (error) => isSessionError(error) || toast.error(errorMessage(error)),
    });

  let body: ReactNode;
  if (!loggedIn) body = <LoginRequired />;
  else if (notifications.isPending) body = <ListSkeleton />;
  else if (notifications.isError) body = <Failure error={notifications.error} onRetry={() => void notifications.refetch()} />;
  else {
    const items = notifications.data.pages.flatMap((page) => page.list);
    body =
      items.length === 0 ? (
        <EmptyState text={t('empty.no_data')} />
      ) : (
        <>
          <div className="flex items-center justify-between gap-3">
            <p className="text-sm text-muted" aria-live="polite">
              {unread > 0 ? t('info.unread_count', { count: unread }) : t('info.all_read')}
            </p>
            <Button
              size="sm"
              variant="ghost"
              disabled={unread === 0}
              loading={markRead.isPending && markRead.variables === undefined}
              onClick={readAll}
            >
              {t('info.mark_all_read')}
            </Button>
          </div>
          <ul className="flex flex-col gap-2.5" data-testid="notification-list">
            {items.map((item) => (
              <MessageRow
                key={item.id}
                title={item.title}
                text={item.body}
                at={item.created_at}
                unread={!item.is_read}
                onOpen={() => read(item)}
              />
            ))}
          </ul>
          <LoadMore
            hasMore={notifications.hasNextPage}
            loading={notifications.isFetchingNextPage}
            onMore={() => void notifications.fetchNextPage()}
          />
        </>
      );
  }
  return (
    <InfoPage title={t('pages.notification')}>
      {loggedIn ? <BindRequests memberId={user.id} /> : null}
      {body}
    </InfoPage>
  );
}

// ---- announcements ------------------------------------------------------------------------------

/** /information-center/announcement: the site's announcements, pinned first; public, read marks for members. */
export function AnnouncementPage() {
  const { t } = useTranslation();
  const { token, user } = useSession();
  const loggedIn = token !== null;
  const announcements = useAnnouncements(loggedIn ? user.id : 0);
  const markRead = useMarkAnnouncementRead();

  const read = (item: AnnouncementEntry) => {
    if (!loggedIn || item.is_read) return;
    markRead.mutate(item.id, { onError: (error) => isSessionError(error) || toast.error(errorMessage(error)) });
  };

  let body: ReactNode;
  if (announcements.isPending) body = <ListSkeleton />;
  else if (announcements.isError) body = <Failure error={announcements.error} onRetry={() => void announcements.refetch()} />;
  else {
    const items = announcements.data.pages.flatMap((page) => page.list);
    body =
      items.length === 0 ? (
        <EmptyState text={t('empty.no_data')} />
      ) : (
        <>
          <ul className="flex flex-col gap-2.5" data-testid="announcement-list">
            {items.map((item) => (
              <MessageRow
                key={item.id}
                title={item.title}
                text={item.content}
                at={item.created_at}
                unread={loggedIn && !item.is_read}
                badge={
                  item.pinned ? (
                    <span className="shrink-0 rounded-full bg-gold/15 px-2 py-0.5 text-[11px] font-bold text-gold">{t('info.pinned')}</span>
                  ) : null
                }
                onOpen={() => read(item)}
              />
            ))}
          </ul>
          <LoadMore
            hasMore={announcements.hasNextPage}
            loading={announcements.isFetchingNextPage}
            onMore={() => void announcements.fetchNextPage()}
          />
        </>
      );
  }
  return <InfoPage title={t('pages.announcement')}>{body}</InfoPage>;
}
