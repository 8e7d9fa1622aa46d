import { Building2, ChartColumn, FileSearch, Gamepad2 } from 'lucide-react';
import { lucideIcon } from '../../../components/icons';

/** Menu icons of the games sections (lucide, drawn like the rest of the back office's). */
export const GamesIcon = lucideIcon(Gamepad2);
export const ProvidersIcon = lucideIcon(Building2);
export const ResultsIcon = lucideIcon(ChartColumn);
export const RoundLookupIcon = lucideIcon(FileSearch);
