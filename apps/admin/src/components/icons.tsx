import type React from 'react';
import {
  ArrowDownToLine,
  ArrowLeft,
  ArrowUpFromLine,
  Check,
  ChevronDown,
  ChevronLeft,
  ChevronRight,
  CircleAlert,
  Globe,
  Inbox,
  Landmark,
  Lock,
  LockOpen,
  LogOut,
  type LucideIcon,
  type LucideProps,
  Mail,
  Menu,
  PanelLeft,
  Pencil,
  Plus,
  Power,
  RefreshCw,
  Scale,
  ScrollText,
  Search,
  Shield,
  Users,
  X,
} from 'lucide-react';

/** The back office's icons (lucide), decorative by default, 18 px unless told. */
type IconProps = LucideProps;

/** A lucide glyph drawn like every other icon of the back office (1.8 stroke); features make their own with it. */
export function lucideIcon(Glyph: LucideIcon) {
  return ({ size = 18, ...props }: IconProps) => <Glyph size={size} strokeWidth={1.8} aria-hidden="true" focusable="false" {...props} />;
}

export const UsersIcon = lucideIcon(Users);
export const MailIcon = lucideIcon(Mail);
export const ScrollIcon = lucideIcon(ScrollText);
export const ShieldIcon = lucideIcon(Shield);
export const LogoutIcon = lucideIcon(LogOut);
export const MenuIcon = lucideIcon(Menu);
export const CloseIcon = lucideIcon(X);
export const SearchIcon = lucideIcon(Search);
export const ChevronLeftIcon = lucideIcon(ChevronLeft);
export const ChevronRightIcon = lucideIcon(ChevronRight);
export const ChevronDownIcon = lucideIcon(ChevronDown);
export const GlobeIcon = lucideIcon(Globe);
export const RefreshIcon = lucideIcon(RefreshCw);
export const PowerIcon = lucideIcon(Power);
export const LockIcon = lucideIcon(Lock);
export const UnlockIcon = lucideIcon(LockOpen);
export const PlusIcon = lucideIcon(Plus);
export const AlertIcon = lucideIcon(CircleAlert);
export const CheckIcon = lucideIcon(Check);
export const InboxIcon = lucideIcon(Inbox);
export const ArrowLeftIcon = lucideIcon(ArrowLeft);
export const SidebarIcon = lucideIcon(PanelLeft);
export const WithdrawalIcon = lucideIcon(ArrowUpFromLine);
export const DepositIcon = lucideIcon(ArrowDownToLine);
export const ChannelIcon = lucideIcon(Landmark);
export const EditIcon = lucideIcon(Pencil);
export const AdjustIcon = lucideIcon(Scale);

/** The back office's own mark (not an icon of the set). */
export const LogoMark = (p: React.SVGProps<SVGSVGElement>) => (
  <svg viewBox="0 0 32 32" width={28} height={28} aria-hidden="true" focusable="false" {...p}>
    <rect width="32" height="32" rx="8" fill="#13213b" />
    <path d="M16 6l9 5v10l-9 5-9-5V11z" fill="none" stroke="#f5c451" strokeWidth="2.4" strokeLinejoin="round" />
    <path d="M16 11.5l4.5 2.5v4L16 20.5 11.5 18v-4z" fill="#f5c451" />
  </svg>
);
