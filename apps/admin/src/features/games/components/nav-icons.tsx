import { Building2, ChartColumn, FileSearch, Gamepad2, type LucideIcon, type LucideProps } from 'lucide-react';

/** Menu icons of the games sections, drawn like the rest of the back office's (lucide, 1.8 stroke). */
function icon(Glyph: LucideIcon) {
  return ({ size = 18, ...props }: LucideProps) => <Glyph size={size} strokeWidth={1.8} aria-hidden="true" focusable="false" {...props} />;
}
export const GamesIcon = icon(Gamepad2);
export const ProvidersIcon = icon(Building2);
export const ResultsIcon = icon(ChartColumn);
export const RoundLookupIcon = icon(FileSearch);
