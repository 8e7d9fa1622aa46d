import { useTranslation } from '../../lib/translation.ts';

const NS = ['sports', 'web'] as const;

/** Texts from the `sports` catalogue first, then from `web` (common buttons, empty texts). */
export const useSportsTranslation = () => useTranslation(NS, { nsMode: 'fallback' });

export type SportsT = ReturnType<typeof useSportsTranslation>['t'];
