import { useTranslation } from '../../lib/translation.ts';
import { Link } from 'react-router';
import { BellIcon } from '../../components/shell-icons.tsx';
import { useUnreadTotal } from './unread.ts';

/** Counts above this read "99+": the badge stays the size of two digits. */
const MAX_SHOWN = 99;

function CountBubble({ count, className = '' }: { count: number; className?: string }) {
  return (
    <span
      className={`pointer-events-none absolute flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-danger px-1 text-[10px] leading-none font-bold text-white ring-2 ring-ink tabular-nums ${className}`}
      aria-hidden="true"
      data-testid="unread-badge"
    >
      {count > MAX_SHOWN ? `${MAX_SHOWN}+` : count}
    </span>
  );
}

/** The header bell: opens the notifications, with the unread count when there is one. */
export function UnreadBell() {
  const { t } = useTranslation();
  const total = useUnreadTotal();
  const label = total > 0 ? t('info.bell_unread', { count: total }) : t('info.bell');
  return (
    <Link
      to="/information-center/notification"
      aria-label={label}
      title={label}
      className="relative flex size-9 shrink-0 items-center justify-center rounded-full text-soft hover:bg-surface-2 hover:text-white"
    >
      <BellIcon size={20} />
      {total > 0 ? <CountBubble count={total} className="-top-0.5 -right-0.5" /> : null}
    </Link>
  );
}

/** The count on an icon of the tab bar (the member centre's tab); nothing when all is read. */
export function UnreadTabBadge() {
  const { t } = useTranslation();
  const total = useUnreadTotal();
  if (total === 0) return null;
  return (
    <>
      <CountBubble count={total} className="-top-1.5 -right-2.5" />
      <span className="sr-only">{t('info.bell_unread', { count: total })}</span>
    </>
  );
}
