import { Settings2 } from 'lucide-react';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { Modal } from '../../components/modal.tsx';
import { LinkTabs } from '../../components/tabs.tsx';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { SlipBar, SlipPanel } from './slip/bet-slip.tsx';
import { SlipPreferences } from './slip/slip-preferences.tsx';
import { useSportsTranslation } from './sports-i18n.ts';

/** Wide enough for the slip to sit beside the markets (Tailwind's lg). */
const DESKTOP_QUERY = '(min-width: 1024px)';

function PreferencesButton() {
  const { t } = useSportsTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={t('slip.settings')}
        title={t('slip.settings')}
        className="flex size-9 shrink-0 items-center justify-center rounded-full border border-line bg-surface text-soft hover:border-gold/50 hover:text-white"
      >
        <Settings2 size={18} aria-hidden="true" />
      </button>
      {open ? (
        <Modal title={t('slip.settings')} onClose={() => setOpen(false)} size="sm">
          <div className="pb-2">
            <SlipPreferences />
          </div>
        </Modal>
      ) : null}
    </>
  );
}

/**
 * Every sportsbook page (and the virtual league) inside one frame: the section tabs, the page, and
 * the bet slip — a side panel on a desktop, a floating bar that opens a bottom sheet on a phone.
 */
export function SportsLayout() {
  const { t } = useSportsTranslation();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const tabs = [
    { to: '/sports', label: t('nav.home') },
    { to: '/sports/virtual', label: t('nav.virtual') },
    { to: '/sports/bets', label: t('nav.my_bets') },
  ];
  return (
    <div className="lg:grid lg:grid-cols-[minmax(0,1fr)_340px] lg:items-start lg:gap-6">
      <div className="min-w-0">
        <div className="mb-4 flex items-center gap-2">
          {/* Clipped, so the tabs scrolling sideways on a phone never slide under the preferences button. */}
          <div className="min-w-0 flex-1 overflow-hidden">
            <LinkTabs tabs={tabs} label={t('nav.label')} />
          </div>
          <PreferencesButton />
        </div>
        <Outlet />
      </div>
      {desktop ? <SlipPanel /> : <SlipBar />}
    </div>
  );
}
