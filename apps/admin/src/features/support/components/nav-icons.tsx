import { MessagesSquare } from 'lucide-react';
import { lucideIcon } from '../../../components/icons';
import { usePermission } from '../../../lib/auth';
import { useSupportSummary } from '../api/support';

/** Menu icon of the support inbox. */
export const SupportIcon = lucideIcon(MessagesSquare);

/** The inbox's unread member messages beside its menu entry (polled; nothing when all is read). */
export function SupportNavBadge() {
  const allowed = usePermission('support.inbox');
  const summary = useSupportSummary(allowed);
  const unread = summary.data?.unread ?? 0;
  if (!allowed || unread === 0) return null;
  return (
    <span
      className="ml-auto inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-rose-500 px-1.5 text-[11px] font-semibold text-white tabular-nums"
      data-testid="support-nav-unread"
    >
      {unread > 99 ? '99+' : unread}
    </span>
  );
}
