import type { Database } from '../../db/database.ts';

/**
 * The fixture summary, written once: a fixture with its competition and both teams, as every
 * sportsbook page shows it (player pages, the virtual league, the back office). Callers add the
 * columns only they need and their own filters.
 */
export const FIXTURE_SUMMARY_COLUMNS = [
  'fixtures.id',
  'fixtures.starts_at',
  'fixtures.status',
  'fixtures.minute',
  'fixtures.home_score',
  'fixtures.away_score',
  'fixtures.is_virtual',
  'competitions.code as competition_code',
  'competitions.names_json as competition_names_json',
  'home.id as home_id',
  'home.name as home_name',
  'home.short_name as home_short_name',
  'home.color_primary as home_color_primary',
  'home.color_secondary as home_color_secondary',
  'away.id as away_id',
  'away.name as away_name',
  'away.short_name as away_short_name',
  'away.color_primary as away_color_primary',
  'away.color_secondary as away_color_secondary',
] as const;

/** Fixtures joined to their competition and both teams (`home`, `away`), nothing selected yet. */
export function fixturesWithTeams(db: Database) {
  return db
    .selectFrom('fixtures')
    .innerJoin('competitions', 'competitions.id', 'fixtures.competition_id')
    .innerJoin('teams as home', 'home.id', 'fixtures.home_team_id')
    .innerJoin('teams as away', 'away.id', 'fixtures.away_team_id');
}

/** Fixture summaries, ready for a caller's filters and extra columns. */
export function fixtureSummaries(db: Database) {
  return fixturesWithTeams(db).select(FIXTURE_SUMMARY_COLUMNS);
}
