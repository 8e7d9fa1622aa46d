/**
 * The icons the shell and the home page draw on first paint (header, tab bar, toasts, dialogs):
 * a module of their own so the first load does not carry the rest (icons.tsx re-exports these).
 */
import {
  Bell,
  Check,
  ChevronLeft,
  ChevronRight,
  CircleAlert,
  Crown,
  Gift,
  Globe,
  Headset,
  Heart,
  History,
  House,
  Inbox,
  Plus,
  RefreshCw,
  Search,
  Trophy,
  User,
  Users,
  X,
  type LucideIcon,
  type LucideProps,
} from 'lucide-react';

/** The site's icons (lucide), decorative by default, 20 px unless told. */
type IconProps = LucideProps;

export function icon(Glyph: LucideIcon) {
  return ({ size = 20, ...props }: IconProps) => <Glyph size={size} strokeWidth={1.8} aria-hidden="true" focusable="false" {...props} />;
}

export const HomeIcon = icon(House);
export const GiftIcon = icon(Gift);
export const PlusIcon = icon(Plus);
export const HeadsetIcon = icon(Headset);
export const UserIcon = icon(User);
export const RefreshIcon = icon(RefreshCw);
export const ChevronLeftIcon = icon(ChevronLeft);
export const ChevronRightIcon = icon(ChevronRight);
export const CloseIcon = icon(X);
export const GlobeIcon = icon(Globe);
export const UsersIcon = icon(Users);
export const CrownIcon = icon(Crown);
export const BellIcon = icon(Bell);
export const SearchIcon = icon(Search);
export const InboxIcon = icon(Inbox);
export const CheckIcon = icon(Check);
export const AlertIcon = icon(CircleAlert);
export const HeartIcon = icon(Heart);
export const HistoryIcon = icon(History);
export const TrophyIcon = icon(Trophy);
