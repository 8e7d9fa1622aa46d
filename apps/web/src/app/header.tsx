import { useState } from 'react';
import { useTranslation } from '../lib/translation.ts';
import { Link, NavLink } from 'react-router';
import { buttonClass } from '../components/button.tsx';
import { Avatar } from '../components/avatar.tsx';
import { PlusIcon, RefreshIcon } from '../components/shell-icons.tsx';
import { ChatToggle } from '../features/chat/chat-toggle.tsx';
import { UnreadBell } from '../features/info-center/unread-badge.tsx';
import { LanguageSwitcher } from '../features/language/language-switcher.tsx';
import { formatMoney } from '../lib/format.ts';
import { openLogin, openRegister } from '../lib/modals.ts';
import { useSession } from '../lib/session.ts';
import { refreshUser } from '../lib/user.ts';
import { NAV_ITEMS } from './nav-items.tsx';

function Balance({ money }: { money: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const refresh = async () => {
    setBusy(true);
    await refreshUser();
    setBusy(false);
  };
  return (
    <div className="flex h-9 min-w-0 items-center rounded-full border border-line bg-surface pl-3">
      <span className="sr-only">{t('header.balance')}</span>
      <span className="truncate text-sm font-semibold text-gold tabular-nums" data-testid="header-balance">
        {formatMoney(money)}
      </span>
      <button
        type="button"
        onClick={refresh}
        disabled={busy}
        aria-label={t('header.refresh_balance')}
        className="flex size-9 shrink-0 items-center justify-center rounded-full text-muted hover:text-white"
      >
        <RefreshIcon size={16} className={busy ? 'animate-spin' : ''} />
      </button>
    </div>
  );
}

/** Logo, desktop navigation, balance with refresh, deposit, and the account or log-in buttons. */
export function Header() {
  const { t } = useTranslation();
  const { token, user } = useSession();
  const loggedIn = token !== null;

  return (
    <header className="sticky top-0 z-30 border-b border-white/5 bg-ink/85 backdrop-blur-md">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-3 md:h-16 md:gap-4 md:px-6">
        <Link to="/" aria-label={t('header.home_link')} className="flex shrink-0 items-center">
          <img src="/logo.svg" alt="Aurora Bet" className="h-6 w-auto md:h-9" />
        </Link>

        <nav aria-label={t('nav.main')} className="hidden items-center gap-1 lg:flex">
          {NAV_ITEMS.filter((item) => item.desktop).map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end={item.to === '/'}
              className={({ isActive }) =>
                `rounded-lg px-3 py-2 text-sm font-medium transition ${isActive ? 'text-gold' : 'text-soft hover:text-white'}`
              }
            >
              {t(item.label)}
            </NavLink>
          ))}
        </nav>

        <div className="ml-auto flex min-w-0 items-center gap-1.5 sm:gap-2">
          {/* The community chat: a side panel on desktops, a full-screen sheet on phones. */}
          <ChatToggle />
          {loggedIn ? (
            <>
              <div className="hidden sm:block">
                <LanguageSwitcher variant="icon" />
              </div>
              <Balance money={user.money} />
              <Link to="/recharge" aria-label={t('header.deposit')} className={buttonClass('money', 'sm', 'px-2.5 sm:px-3')}>
                <PlusIcon size={16} />
                <span className="hidden min-[400px]:inline">{t('header.deposit')}</span>
              </Link>
              <UnreadBell />
              <Link to="/profile" aria-label={t('header.my_account')} className="shrink-0 rounded-full">
                <Avatar url={user.profile_url} name={user.name} size={34} />
              </Link>
            </>
          ) : (
            <>
              <LanguageSwitcher variant="icon" />
              {/* On narrow phones the deposit button shrinks to its icon; the tab bar has it too. */}
              <span className="hidden min-[380px]:flex">
                <Link to="/recharge" aria-label={t('header.deposit')} className={buttonClass('money', 'sm', 'px-2.5 sm:px-3')}>
                  <PlusIcon size={16} />
                  <span className="hidden sm:inline">{t('header.deposit')}</span>
                </Link>
              </span>
              <button type="button" onClick={openLogin} className={buttonClass('ghost', 'sm')}>
                {t('header.login')}
              </button>
              <button type="button" onClick={openRegister} className={buttonClass('gold', 'sm')}>
                {t('header.register')}
              </button>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
