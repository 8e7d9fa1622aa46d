/** An on/off switch; `pending` keeps it still while the server answers. */
export function Switch({
  checked,
  label,
  pending = false,
  disabled = false,
  onChange,
}: {
  checked: boolean;
  /** Accessible name: what is switched ("Enable Crash"). */
  label: string;
  pending?: boolean;
  disabled?: boolean;
  onChange: (next: boolean) => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      aria-busy={pending || undefined}
      title={label}
      disabled={disabled || pending}
      onClick={() => onChange(!checked)}
      className={`relative inline-flex h-5 w-9 shrink-0 items-center rounded-full transition-colors disabled:cursor-not-allowed ${
        checked ? 'bg-emerald-500' : 'bg-navy-600'
      } ${pending ? 'opacity-60' : ''} ${disabled && !pending ? 'opacity-40' : ''}`}
    >
      <span
        aria-hidden="true"
        className={`inline-block size-4 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-[18px]' : 'translate-x-0.5'} ${
          pending ? 'animate-pulse' : ''
        }`}
      />
    </button>
  );
}
