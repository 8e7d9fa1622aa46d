import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';

export type LinkTab = { to: string; label: string };

/**
 * A row of pages that belong together (promotions, agency centre): pills that scroll sideways on
 * a phone and wrap on a desktop. The current page is marked for screen readers by NavLink.
 */
export function LinkTabs({ tabs, label }: { tabs: readonly LinkTab[]; label: string }) {
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // On a phone the current tab may sit past the right edge: bring it to the middle of the row.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation moves the current tab
  useEffect(() => {
    const row = nav.current;
    const active = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !active || row.scrollWidth <= row.clientWidth) return;
    row.scrollLeft = active.offsetLeft - (row.clientWidth - active.offsetWidth) / 2;
  }, [pathname]);
  return (
    <nav
      ref={nav}
      aria-label={label}
      className="scrollbar-none relative -mx-3 flex gap-2 overflow-x-auto px-3 md:mx-0 md:flex-wrap md:px-0"
    >
      {tabs.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          end
          className={({ isActive }) =>
            `flex h-9 shrink-0 items-center rounded-full border px-3.5 text-sm whitespace-nowrap transition ${
              isActive
                ? 'border-gold bg-gold/10 font-semibold text-gold'
                : 'border-line bg-surface text-soft hover:border-gold/50 hover:text-white'
            }`
          }
        >
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}

export type Choice<T extends string | number> = { value: T; label: string };

/**
 * A segmented choice inside one page (today / 3 days / 7 days, a level filter): a tablist of
 * buttons that share the width on a phone.
 */
export function ChoiceTabs<T extends string | number>({
  choices,
  value,
  onChange,
  label,
}: {
  choices: readonly Choice<T>[];
  value: T;
  onChange: (value: T) => void;
  label: string;
}) {
  return (
    <div
      role="tablist"
      aria-label={label}
      className="grid auto-cols-fr grid-flow-col gap-1 rounded-xl bg-surface p-1 sm:inline-grid sm:self-start"
    >
      {choices.map((choice) => (
        <button
          key={choice.value}
          type="button"
          role="tab"
          aria-selected={value === choice.value}
          onClick={() => onChange(choice.value)}
          className={`h-9 truncate rounded-lg px-3 text-[13px] font-semibold transition sm:px-5 ${
            value === choice.value ? 'bg-surface-2 text-gold' : 'text-muted hover:text-white'
          }`}
        >
          {choice.label}
        </button>
      ))}
    </div>
  );
}
