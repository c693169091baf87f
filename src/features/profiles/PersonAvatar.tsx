import { Avatar } from '../../components/Avatar';
import { profilesStrings } from './profiles-strings';
import { useLiveProfile } from './use-display-name';

interface Props {
  uid: string;
  name: string;
  /** A photo the record already carries (the sender's), shown until the profile is known. */
  photo?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

/** A person's avatar by uid: their current `users/{uid}` photo and name, live while shown. */
export function PersonAvatar({ uid, name, photo, size, className }: Props) {
  const profile = useLiveProfile(uid);
  // A deleted account keeps no photo: its picture was removed with it.
  if (profile === null)
    return (
      <Avatar
        src=""
        name={profilesStrings.people.deletedAccount}
        size={size}
        className={className}
      />
    );
  return (
    <Avatar
      src={profile?.photo ?? photo}
      name={profile?.username ?? name}
      size={size}
      className={className}
    />
  );
}
