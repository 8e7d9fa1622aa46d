import {
  ArrowUp,
  Copy,
  CreditCard,
  Download,
  Eye,
  EyeOff,
  KeyRound,
  Lock,
  LogOut,
  Mail,
  Receipt,
  Share2,
  Shield,
  Wallet,
} from 'lucide-react';
import { icon } from './shell-icons.tsx';

/** The site's icons (lucide): the first paint's (shell-icons.tsx) and the pages' own. */
export * from './shell-icons.tsx';

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
export const DownloadIcon = icon(Download);
export const EyeIcon = icon(Eye);
export const EyeOffIcon = icon(EyeOff);
export const ShareIcon = icon(Share2);
