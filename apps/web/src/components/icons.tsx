import {
  ArrowUp,
  Bell,
  Check,
  ChevronLeft,
  ChevronRight,
  CircleAlert,
  Copy,
  CreditCard,
  Crown,
  Download,
  Eye,
  EyeOff,
  Gift,
  Globe,
  Headset,
  Heart,
  History,
  House,
  Inbox,
  KeyRound,
  Lock,
  LogOut,
  type LucideIcon,
  type LucideProps,
  Mail,
  Plus,
  Receipt,
  RefreshCw,
  Search,
  Share2,
  Shield,
  Trophy,
  User,
  Users,
  Wallet,
  X,
} from 'lucide-react';

/** The site's icons (lucide), decorative by default, 20 px unless told. */
type IconProps = LucideProps;

function icon(Glyph: LucideIcon) {
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
export const CopyIcon = icon(Copy);
export const LogoutIcon = icon(LogOut);
export const ShieldIcon = icon(Shield);
export const LockIcon = icon(Lock);
export const KeyIcon = icon(KeyRound);
export const MailIcon = icon(Mail);
export const WalletIcon = icon(Wallet);
export const ArrowUpIcon = icon(ArrowUp);
export const ReceiptIcon = icon(Receipt);
export const CardIcon = icon(CreditCard);
export const UsersIcon = icon(Users);
export const CrownIcon = icon(Crown);
export const BellIcon = icon(Bell);
export const DownloadIcon = icon(Download);
export const SearchIcon = icon(Search);
export const EyeIcon = icon(Eye);
export const EyeOffIcon = icon(EyeOff);
export const InboxIcon = icon(Inbox);
export const CheckIcon = icon(Check);
export const AlertIcon = icon(CircleAlert);
export const ShareIcon = icon(Share2);
export const HeartIcon = icon(Heart);
export const HistoryIcon = icon(History);
export const TrophyIcon = icon(Trophy);
