import { BackIcon } from '../../components/icons';

/** The phone's way back from a chat to the conversation list (hidden where both show). */
export function PhoneBackBar({ label, onBack }: { label: string; onBack: () => void }) {
  return (
    <button
      type="button"
      onClick={onBack}
      className="flex shrink-0 items-center gap-1 self-start rounded-xl px-2 py-1.5 text-sm font-semibold text-brand-700 hover:bg-white focus:outline-hidden focus-visible:ring-4 focus-visible:ring-brand-100 md:hidden"
    >
      <BackIcon className="h-5 w-5" />
      {label}
    </button>
  );
}
