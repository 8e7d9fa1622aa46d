import { HeartHandshake } from 'lucide-react';
import { lucideIcon } from '../../../components/icons';

/** Menu icon of the responsible-gaming section (lucide, drawn like the rest of the back office's). */
export const ResponsibleIcon = lucideIcon(HeartHandshake);
