import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import { HeadsetIcon } from '../../components/icons.tsx';
import { loadCommunityNamespace } from '../../lib/i18n.ts';
import { closeSupport, openSupport, setSupportUnread, useSupportOpen } from '../../lib/support-store.ts';
import { useTranslation } from '../../lib/translation.ts';
import { useSupportUnread } from './support.api.ts';

// The launcher is itself a lazy chunk (main-layout.tsx), downloaded for members only: its texts first.
await loadCommunityNamespace();

// A panel chunk that fails to download opens nothing (the button stays; a reload fetches it again).
const SupportPanel = lazy<ComponentType<{ onClose: () => void }>>(() =>
  import('./support-panel.tsx').catch(() => ({ default: () => null })),
);

/** Counts above this read "99+". */
const MAX_SHOWN = 99;

/**
 * The support chat for members: a floating button with the unread count of operator answers on
 * desktops, and the conversation as a panel there or a sheet on phones. Phones have no floating
 * button (it would cover the pages' own buttons above the tab bar): the information centre's
 * support page opens the sheet (lib/support-store.ts) and shows the count.
 */
export default function SupportLauncher() {
  const { t } = useTranslation('community', { keyPrefix: 'support' });
  const open = useSupportOpen();
  const unread = useSupportUnread();
  useEffect(() => setSupportUnread(unread), [unread]);
  const label = unread > 0 ? t('launcher_unread', { count: unread }) : t('launcher');
  return (
    <>
      <button
        type="button"
        onClick={openSupport}
        aria-label={label}
        title={label}
        aria-expanded={open}
        data-testid="support-launcher"
        className={`fixed right-6 bottom-6 z-30 hidden size-12 items-center justify-center rounded-full bg-gradient-to-b from-gold to-gold-deep text-ink shadow-[0_8px_24px_-6px_rgba(245,196,81,0.6)] ring-4 ring-ink/60 transition hover:brightness-110 ${open ? '' : 'lg:flex'}`}
      >
        <HeadsetIcon size={22} />
        {unread > 0 ? (
          <span
            className="pointer-events-none absolute -top-1 -right-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-danger px-1 text-[11px] leading-none font-bold text-white ring-2 ring-ink tabular-nums"
            aria-hidden="true"
            data-testid="support-unread"
          >
            {unread > MAX_SHOWN ? `${MAX_SHOWN}+` : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <SupportPanel onClose={closeSupport} />
        </Suspense>
      ) : null}
    </>
  );
}
