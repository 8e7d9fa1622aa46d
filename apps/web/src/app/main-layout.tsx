import { DESKTOP_BACKGROUND_MIN_WIDTH_PX } from '@casino/shared/constants';
import { type ComponentType, lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useMediaQuery } from '../lib/use-media-query.ts';
import { BottomNav } from './bottom-nav.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { useIsLoggedIn } from '../lib/session.ts';
import { ChatDock, useChatOpen } from '../features/chat/chat-toggle.tsx';

/**
 * The support chat's button and panel (issue 15 item 6): a lazy chunk, for members only. A chunk
 * that fails to download (offline, a new release) leaves the button out rather than the page.
 */
const SupportLauncher = lazy<ComponentType>(() =>
  import('../features/support/support-launcher.tsx').catch(() => ({ default: () => null })),
);

/** Header, a centred content column, footer and the mobile tab bar. */
export function MainLayout() {
  // Spec section 2: the background image only when the window is wider than 600 px.
  const loggedIn = useIsLoggedIn();
  const wide = useMediaQuery(`(min-width: ${DESKTOP_BACKGROUND_MIN_WIDTH_PX + 1}px)`);
  // The chat's desktop panel sits on the right; the page makes room for it.
  const chatOpen = useChatOpen();
  return (
    <div className={`relative flex min-h-dvh flex-col ${chatOpen ? 'lg:pr-[360px]' : ''}`}>
      {wide ? (
        <div
          className="pointer-events-none fixed inset-0 -z-10 bg-cover bg-center"
          style={{ backgroundImage: 'url(/images/bg-desktop.webp)' }}
          data-testid="desktop-background"
          aria-hidden="true"
        >
          <div className="absolute inset-0 bg-gradient-to-b from-ink/70 via-ink/85 to-ink" />
        </div>
      ) : null}
      <Header />
      <main className="mx-auto w-full max-w-6xl flex-1 px-3 pt-4 pb-10 md:px-6 md:pt-6">
        <Outlet />
      </main>
      <Footer />
      <BottomNav />
      <ChatDock />
      {loggedIn ? (
        <Suspense fallback={null}>
          <SupportLauncher />
        </Suspense>
      ) : null}
    </div>
  );
}
