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

function icon(Glyph: LucideIcon) {
  return ({ size = 18, ...props }: IconProps) => <Glyph size={size} strokeWidth={1.8} aria-hidden="true" focusable="false" {...props} />;
}

export const UsersIcon = icon(Users);
export const MailIcon = icon(Mail);
export const ScrollIcon = icon(ScrollText);
export const ShieldIcon = icon(Shield);
export const LogoutIcon = icon(LogOut);
export const MenuIcon = icon(Menu);
export const CloseIcon = icon(X);
export const SearchIcon = icon(Search);
export const ChevronLeftIcon = icon(ChevronLeft);
export const ChevronRightIcon = icon(ChevronRight);
export const ChevronDownIcon = icon(ChevronDown);
export const GlobeIcon = icon(Globe);
export const RefreshIcon = icon(RefreshCw);
export const PowerIcon = icon(Power);
export const LockIcon = icon(Lock);
export const UnlockIcon = icon(LockOpen);
export const PlusIcon = icon(Plus);
export const AlertIcon = icon(CircleAlert);
export const CheckIcon = icon(Check);
export const InboxIcon = icon(Inbox);
export const ArrowLeftIcon = icon(ArrowLeft);
export const SidebarIcon = icon(PanelLeft);
export const WithdrawalIcon = icon(ArrowUpFromLine);
export const DepositIcon = icon(ArrowDownToLine);
export const ChannelIcon = icon(Landmark);
export const EditIcon = icon(Pencil);
export const AdjustIcon = icon(Scale);

/** The back office's own mark (not an icon of the set). */
export const LogoMark = (p: React.SVGProps<SVGSVGElement>) => (
  <svg viewBox="0 0 32 32" width={28} height={28} aria-hidden="true" focusable="false" {...p}>
    <rect width="32" height="32" rx="8" fill="#13213b" />
    <path d="M16 6l9 5v10l-9 5-9-5V11z" fill="none" stroke="#f5c451" strokeWidth="2.4" strokeLinejoin="round" />
    <path d="M16 11.5l4.5 2.5v4L16 20.5 11.5 18v-4z" fill="#f5c451" />
  </svg>
);
