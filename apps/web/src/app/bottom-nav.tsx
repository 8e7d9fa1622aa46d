import { useTranslation } from '../lib/translation.ts';
import { NavLink } from 'react-router';
import { UnreadTabBadge } from '../features/info-center/unread-badge.tsx';
import { ChatTab } from '../features/chat/chat-toggle.tsx';
import { NAV_ITEMS } from './nav-items.tsx';

/** Mobile tab bar within thumb reach; hidden on desktop where the header has the menu. */
export function BottomNav() {
  const { t } = useTranslation();
  return (
    <nav
      aria-label={t('nav.tabs')}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-white/5 bg-night/95 pb-[env(safe-area-inset-bottom)] backdrop-blur-md lg:hidden"
    >
      <ul className="mx-auto grid h-16 max-w-lg grid-cols-6">
        {NAV_ITEMS.filter((item) => item.tab).map(({ to, label, icon: Icon, primary }) => (
          <li key={to} className="flex">
            <NavLink
              to={to}
              end={to === '/'}
              className={({ isActive }) =>
                `flex flex-1 flex-col items-center justify-center gap-1 text-[11px] font-medium transition ${
                  primary ? 'text-white' : isActive ? 'text-gold' : 'text-muted hover:text-soft'
                }`
              }
            >
              {primary ? (
                <span className="-mt-6 flex size-12 items-center justify-center rounded-full bg-gradient-to-b from-money to-money-deep text-white shadow-[0_6px_18px_-4px_rgba(34,197,94,0.7)] ring-4 ring-night">
                  <Icon size={24} />
                </span>
              ) : (
                <span className="relative">
                  <Icon size={22} />
                  {/* The member centre's tab carries the information centre's unread count. */}
                  {to === '/profile' ? <UnreadTabBadge /> : null}
                </span>
              )}
              <span className="max-w-full truncate px-0.5">{t(label)}</span>
            </NavLink>
          </li>
        ))}
        {/* The community chat: a full-screen sheet on phones. */}
        <li className="flex">
          <ChatTab />
        </li>
      </ul>
    </nav>
  );
}
