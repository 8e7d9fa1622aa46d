import { CloudRain } from 'lucide-react';
import { lucideIcon } from '../../../components/icons';

/** Menu icon of the chat rain section (lucide, drawn like the rest of the back office's). */
export const RainIcon = lucideIcon(CloudRain);
