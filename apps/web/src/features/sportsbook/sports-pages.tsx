import { loadSportsNamespace } from '../../lib/i18n.ts';

/**
 * The sportsbook's lazy entry: the router imports the layout and pages from here, so the `sports`
 * texts are in place before any of them (or the virtual league inside the layout) renders.
 */
await loadSportsNamespace();

export { CompetitionPage } from './competition-page.tsx';
export { FixturePage } from './fixture-page.tsx';
export { MyBetsPage } from './my-bets-page.tsx';
export { SportsHomePage } from './sports-home-page.tsx';
export { SportsLayout } from './sports-layout.tsx';
