import type { ReactNode } from 'react';
import { RtpLine } from './game-shell.tsx';

type RulesPanelProps = {
  /** The game's return to player, from its configuration (or its declared one until loaded). */
  rtp: string;
  /** The rules as a bulleted list, when the game states them in short lines. */
  rules?: ReactNode[];
  /** Roomier spacing, for the slots' long paytables. */
  loose?: boolean;
  /** Drawn before the panel (the slots' symbol definitions the paytable uses). */
  defs?: ReactNode;
  /** The game's own text, tables and paytable. */
  children?: ReactNode;
};

/** The rules dialog's content of every house game: its RTP first, then its rules and paytable. */
export function RulesPanel({ rtp, rules, loose = false, defs, children }: RulesPanelProps) {
  return (
    <div className={`flex flex-col ${loose ? 'gap-4' : 'gap-3'}`}>
      {defs}
      <RtpLine rtp={rtp} />
      {rules ? (
        <ul className="list-disc space-y-1.5 pl-5">
          {rules.map((rule, index) => (
            <li key={index}>{rule}</li>
          ))}
        </ul>
      ) : null}
      {children}
    </div>
  );
}

/** A rules table with a head row; a column whose head is marked `end` is right-aligned. */
export function RulesTable({ head, children }: { head: { label: ReactNode; end?: boolean }[]; children: ReactNode }) {
  return (
    <table className="w-full text-left text-sm">
      <thead className="text-xs text-muted">
        <tr>
          {head.map((column, index) => (
            <th key={index} className={`py-1.5 font-semibold ${column.end ? 'text-right' : ''}`.trim()}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="tabular-nums">{children}</tbody>
    </table>
  );
}
