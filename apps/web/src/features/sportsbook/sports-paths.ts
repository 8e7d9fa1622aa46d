import type { CompetitionItem } from '@casino/shared/schemas/sports';

/** Where a competition leads: the virtual league has its own live page. */
export const competitionPath = (competition: Pick<CompetitionItem, 'code' | 'kind'>) =>
  competition.kind === 'virtual' ? '/sports/virtual' : `/sports/competition/${encodeURIComponent(competition.code)}`;

export const fixturePath = (id: number) => `/sports/fixture/${id}`;
