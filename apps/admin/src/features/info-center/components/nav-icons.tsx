import { Bell, Megaphone } from 'lucide-react';
import { lucideIcon } from '../../../components/icons';

/** Menu icons of the information centre sections (lucide, drawn like the rest of the back office's). */
export const NotificationsIcon = lucideIcon(Bell);
export const AnnouncementsIcon = lucideIcon(Megaphone);
