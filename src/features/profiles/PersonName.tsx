import { useDisplayName } from './use-display-name';

interface Props {
  uid: string | null | undefined;
  /** The name the record copied, shown while the live profile loads. */
  fallback: string;
  className?: string;
}

/** A person's current name (live from `users/{uid}`), or 'Deleted account'. */
export function PersonName({ uid, fallback, className }: Props) {
  const name = useDisplayName(uid, fallback);
  return className ? <span className={className}>{name}</span> : <>{name}</>;
}
