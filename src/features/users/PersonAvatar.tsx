import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Avatar } from '../../components/Avatar';
import { profilesNeeded, selectProfile } from './profiles-slice';

interface Props {
  uid: string;
  name: string;
  /** A photo the record already carries (the sender's), shown until the profile is known. */
  photo?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

/** A person's avatar by uid: their current `users/{uid}` photo, fetched once and cached. */
export function PersonAvatar({ uid, name, photo, size, className }: Props) {
  const dispatch = useAppDispatch();
  const profile = useAppSelector((state) => selectProfile(state, uid));
  useEffect(() => {
    if (profile === undefined) dispatch(profilesNeeded([uid]));
  }, [dispatch, profile, uid]);
  return <Avatar src={profile?.photo ?? photo} name={name} size={size} className={className} />;
}
