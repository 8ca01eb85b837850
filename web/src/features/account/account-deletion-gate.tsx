import { useEffect, useRef } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { useLocation, useNavigate } from 'react-router';
import type { Language } from '@alpenpass/contracts/src/language-codes';
import { useSession } from '../../lib/session/session-context';
import { useGetCurrentUserQuery } from './api';
import { reactivatePath, useNewProfilePages } from './profile-pages';

/**
 * §4 and §6: for a signed-in customer (not on the /auth/link page) the shell reads the current user;
 * a pending deletion (deleteAfter) sends them once to the reactivate page — /profilev2/reactivate with the
 * new profile pages, else /profile — and an erased account (deletedAt) to the sign-in page with §8's text.
 */
export function AccountDeletionGate({ locale }: { locale: Language }) {
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const newPages = useNewProfilePages();
  const signedIn =
    session.status === 'authenticated' &&
    Boolean(session.data?.accessToken) &&
    !pathname.endsWith('/auth/link');
  const current = useGetCurrentUserQuery(signedIn ? locale : skipToken);
  const target = newPages === undefined ? undefined : reactivatePath(locale, newPages);
  const deleteAfter = current.data?.deleteAfter;
  const deleted = Boolean(current.data?.deletedAt);
  // brought there once: afterwards the customer may look around before deciding. Done only when the page
  // is reached, since a redirect of the page being left (/profile → /profilev2) may overtake this one
  const arrived = useRef(false);

  useEffect(() => {
    if (deleted) void navigate(`/${locale}/auth-selector?error=ACCOUNT_DELETED`, { replace: true });
    else if (deleteAfter && target && !arrived.current && !pathname.endsWith('/auth-selector')) {
      if (pathname === target) arrived.current = true;
      else void navigate(target);
    }
  }, [deleted, deleteAfter, target, pathname, navigate, locale]);
  return null;
}
