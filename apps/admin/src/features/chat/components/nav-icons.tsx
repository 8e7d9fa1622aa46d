import { MessagesSquare } from 'lucide-react';
import { lucideIcon } from '../../../components/icons';

/** Menu icon of the community chat's moderation page (lucide, drawn like the rest of the back office's). */
export const ChatIcon = lucideIcon(MessagesSquare);
