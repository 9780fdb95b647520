// Where the login wall lives in the app: nothing until useRequireSignIn opens it, then the
// dialog (LoginWallDialog.tsx), loaded on demand so that pages without it stay light.

import { lazy, Suspense } from 'react';
import { useAppSelector } from '../../app/hooks';
import { selectLoginWallOpen } from './authSlice';

const LoginWallDialog = lazy(() => import(/* webpackChunkName: "login-wall" */ './LoginWallDialog'));

export function LoginWall() {
  const open = useAppSelector(selectLoginWallOpen);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <LoginWallDialog />
    </Suspense>
  );
}
