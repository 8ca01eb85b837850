import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { SimplePage } from '../../components/simple-page';
import { fieldProblemOf } from '../../lib/api/problem-fields';
import { leaveShopFor } from '../../lib/navigation/leave-shop';
import { useSession, useSessionClient } from '../../lib/session/session-context';
import {
  dropPendingLink,
  readPendingLink,
  savePendingLink,
  subjectOf,
  useLinkIdentityMutation,
  type PendingLink,
} from './link-identity';
import { authMessages, authValueMessages } from './messages';

type Outcome = 'working' | 'done' | 'same' | 'elsewhere' | 'failed' | null;

/**
 * §2 /auth/link (docs/auth.md, "Linked identities"): signed in with the account to keep, the customer
 * signs in once more with the other identity; back here, that identity's token proves it and the kept
 * account's token (held in sessionStorage over the round trip) authorises POST /users/account/link.
 */
export function AuthLinkPage() {
  const intl = useIntl();
  const { locale = 'de' } = useParams();
  const session = useSession();
  const sessionClient = useSessionClient();
  const [linkIdentity] = useLinkIdentityMutation();
  const [pending, setPending] = useState<PendingLink | null>(readPendingLink);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [keptName, setKeptName] = useState('');
  const tried = useRef<string | null>(null);
  const token = session.status === 'authenticated' ? session.data?.accessToken : undefined;
  const signedInName = session.data?.user?.name ?? session.data?.user?.email ?? '';

  useEffect(() => {
    if (!pending || typeof token !== 'string' || tried.current === token) return;
    tried.current = token;
    const newAccountSub = subjectOf(token);
    if (!newAccountSub || newAccountSub === subjectOf(pending.keepToken)) {
      setOutcome('same');
      return;
    }
    setOutcome('working');
    void linkIdentity({ keepToken: pending.keepToken, newAccountSub, linkToken: token }).then((result) => {
      if (result.error) {
        setOutcome(
          fieldProblemOf(result.error).code === 'IDENTITY_LINKED_ELSEWHERE' ? 'elsewhere' : 'failed',
        );
        return;
      }
      dropPendingLink();
      setKeptName(pending.keepName);
      setPending(null);
      setOutcome('done');
      void sessionClient.refetch();
    });
  }, [pending, token, linkIdentity, sessionClient]);

  const signInWithOther = async () => {
    if (typeof token !== 'string') return;
    const keep = pending ?? { keepToken: token, keepName: signedInName };
    savePendingLink(keep);
    setPending(keep);
    const { url, error } = await sessionClient.signIn(
      'oidc',
      {},
      { callbackUrl: `${window.location.origin}/${locale}/auth/link` },
    );
    if (error || !url) setOutcome('failed');
    else leaveShopFor(url);
  };
  const cancel = () => {
    dropPendingLink();
    setPending(null);
    setOutcome(null);
  };

  const problem =
    outcome === 'same'
      ? authMessages.linkSame
      : outcome === 'elsewhere'
        ? authMessages.linkElsewhere
        : outcome === 'failed'
          ? authMessages.linkFailed
          : null;
  return (
    <SimplePage
      title={intl.formatMessage(authMessages.linkTitle)}
      description={intl.formatMessage(authMessages.linkDescription)}
    >
      {session.status === 'unauthenticated' && (
        <p>
          {intl.formatMessage(authMessages.linkSignInFirst)}{' '}
          <Link to={`/${locale}/auth-selector?returnTo=${encodeURIComponent(`/${locale}/auth/link`)}`}>
            {intl.formatMessage(authMessages.selectorTitle)}
          </Link>
        </p>
      )}
      {problem && (
        <p role="alert" className="notice-problem">
          {intl.formatMessage(problem)}
        </p>
      )}
      {outcome === 'working' && <p role="status">{intl.formatMessage(authMessages.linkWorking)}</p>}
      {outcome === 'done' && (
        <>
          <p role="status" className="notice-success">
            {intl.formatMessage(authValueMessages.linkDone, { name: keptName })}
          </p>
          <p>
            <Link to={`/${locale}/profile`}>{intl.formatMessage(authMessages.linkToProfile)}</Link>
          </p>
        </>
      )}
      {session.status === 'authenticated' && outcome !== 'working' && outcome !== 'done' && (
        <>
          <p>{intl.formatMessage(authValueMessages.linkKeep, { name: pending?.keepName ?? signedInName })}</p>
          <p className="actions">
            <button type="button" className="button" onClick={() => void signInWithOther()}>
              {intl.formatMessage(authMessages.linkStart)}
            </button>
            {pending && (
              <button type="button" className="secondary" onClick={cancel}>
                {intl.formatMessage(authMessages.linkCancel)}
              </button>
            )}
          </p>
        </>
      )}
    </SimplePage>
  );
}

export default AuthLinkPage;
