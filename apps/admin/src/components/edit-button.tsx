import { EditIcon } from './icons';

/**
 * A row's Edit button: quiet in a table row, full width (`wide`) at the foot of a phone card. Its
 * accessible name says which row it edits ("Edit Crash").
 */
export function EditButton({ label, name, onClick, wide = false }: { label: string; name: string; onClick: () => void; wide?: boolean }) {
  return (
    <button type="button" className={wide ? 'btn-secondary h-8 w-full' : 'btn-ghost h-8 px-2.5'} onClick={onClick} aria-label={name}>
      <EditIcon width={15} height={15} />
      {label}
    </button>
  );
}
