// getCurrentUser for the person signed in now: the access token is the cache key, and the
// session in the store makes the caller re-render when it is renewed, so a renewed token asks
// again (sessionExpiry.ts: screens refetch with the new token).

import { accessToken } from '../../api/identity';
import { useGetCurrentUserQuery } from '../../api/profile';
import { useAppSelector } from '../../app/hooks';
import { selectUser } from '../auth/authSlice';

export function useCurrentUser(options: { skip?: boolean } = {}) {
  const user = useAppSelector(selectUser);
  return useGetCurrentUserQuery({ accessToken: accessToken() ?? '' }, { skip: options.skip === true || user === null });
}
