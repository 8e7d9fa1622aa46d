import type { MarketType } from '@casino/shared/schemas/sports';
import { currentLanguage, htmlLangOf } from '../../lib/i18n.ts';
import type { SportsT } from './sports-i18n.ts';

/** The two team names of "Flamengo x Palmeiras" (the server's fixture name on bet legs and slip picks). */
export function splitFixtureName(name: string): { home: string; away: string } {
  const at = name.indexOf(' x ');
  if (at < 0) return { home: name, away: name };
  return { home: name.slice(0, at), away: name.slice(at + 3) };
}

/** The reader's decimal separator: "2,5" in Portuguese, "2.5" in English. */
function decimalSeparator(): string {
  const parts = new Intl.NumberFormat(htmlLangOf(currentLanguage())).formatToParts(1.5);
  return parts.find((p) => p.type === 'decimal')?.value ?? '.';
}

/** A market line ("2.5", "-1.5", "+0.5") as the reader writes numbers; signs kept. */
export function displayLine(line: string): string {
  return line.replace('.', decimalSeparator());
}

/** The away side's Asian handicap line: the home line with the sign turned ("-1.5" -> "+1.5"). */
export function awayLine(line: string): string {
  if (line.startsWith('-')) return `+${line.slice(1)}`;
  if (line.startsWith('+')) return `-${line.slice(1)}`;
  return /^0(\.0+)?$/.test(line) ? line : `-${line}`;
}

type Pick = { market_type: MarketType; line: string | null; selection_code: string };

/**
 * What a selection is called in the player's language, with the teams' Portuguese names:
 * "Flamengo", "Empate", "Flamengo ou empate", "Mais de 2,5", "Sim", "2-1", "Palmeiras +1,5".
 */
export function selectionName(t: SportsT, pick: Pick, teams: { home: string; away: string }): string {
  const { market_type: type, line, selection_code: code } = pick;
  const shownLine = line ? displayLine(line) : '';
  if (type === 'correct_score' && /^\d+-\d+$/.test(code)) return code;
  if (type === 'asian_handicap' && line) {
    return code === 'home' ? `${teams.home} ${displayLine(line)}` : `${teams.away} ${displayLine(awayLine(line))}`;
  }
  if (code === 'home') return teams.home;
  if (code === 'away') return teams.away;
  const key = `selections.${code}`;
  return t(key, { home: teams.home, away: teams.away, line: shownLine, defaultValue: code });
}

/** The market's name with its line when it has one: "Resultado final", "Mais/Menos de 2,5". */
export function marketName(t: SportsT, type: MarketType, line: string | null): string {
  const name = t(`markets.${type}`);
  return line ? `${name} ${displayLine(line)}` : name;
}

/** The short label above an odds button in a list row: 1, X, 2. */
export const ONE_X_TWO_LABELS: Record<string, string> = { home: '1', draw: 'X', away: '2' };
