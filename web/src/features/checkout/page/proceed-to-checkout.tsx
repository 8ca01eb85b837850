import type { ProductDto } from '@alpenpass/contracts/src/catalogue';
import { useEffect, useRef, useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { Link, useLocation, useNavigate } from 'react-router';
import { entryName } from '../../basket/page/basket-entry-item';
import { basketMessages } from '../../basket/messages';
import type { ServerEntry } from '../../basket/server-types';
import { skipToken } from '@reduxjs/toolkit/query';
import { formatMoney } from '../../../lib/format/money';
import { withPageToken } from '../../../lib/session/page-token';
import { useGetOnlineCreditQuery } from '../../online-credit/api';
import { useSpendBasketOnlineCreditMutation, useStartCheckoutMutation } from '../api';
import { payPerUseMessages } from '../../consumption/pay-per-use-messages';
import { discountMessages } from '../../basket/discount-messages';
import { useIsCustomer } from '../../../lib/session/use-customer';
import { useGetCurrentClientQuery } from '../../client/api';
import { registerUrl, signInPageUrl } from '../../../lib/session/sign-in-links';
import {
  checkoutProblemOf,
  issueCodeOf,
  type CheckoutProblem,
  type ProblemIssue,
} from '../../../lib/api/checkout-problem';
import { checkoutMessages } from '../messages';

/** docs/basket.md validation issues by what they mean for one line. */
function entryProblemText(intl: IntlShape, code: string): string {
  if (code === 'HOLD_EXPIRED') return intl.formatMessage(checkoutMessages.issueHoldExpired);
  if (code === 'CAPACITY_NOT_HELD') return intl.formatMessage(checkoutMessages.issueNotHeld);
  if (code === 'PAY_PER_USE_KEYCARD_REQUIRED') return intl.formatMessage(payPerUseMessages.keycardRequired);
  return intl.formatMessage(checkoutMessages.issueOther);
}

function issueText(
  intl: IntlShape,
  issue: ProblemIssue,
  entries: readonly ServerEntry[],
  products: readonly ProductDto[],
): string {
  const code = issueCodeOf(issue);
  const entryId = /^entries\.(.+)$/.exec(issue.path)?.[1];
  const entry = entries.find((candidate) => candidate.id === entryId);
  if (!entry)
    return intl.formatMessage(
      code === 'BASKET_EMPTY' ? checkoutMessages.issueEmpty : checkoutMessages.issueBasket,
    );
  return intl.formatMessage(checkoutMessages.entryIssue, {
    name: `${entry.quantity} × ${entryName(entry, products)}`,
    problem: entryProblemText(intl, code),
  });
}

/** A signed-in customer with a balance chooses to spend it; the basket carries the choice into its order. */
function useOnlineCreditChoice(basketId: string) {
  const isCustomer = useIsCustomer();
  const { data } = useGetOnlineCreditQuery(isCustomer ? undefined : skipToken);
  const balance = data && data.balance.amount > 0 ? data.balance : null;
  const [useCredit, setUseCredit] = useState(false);
  const [spend] = useSpendBasketOnlineCreditMutation();
  /** null when there is nothing to choose (a guest, or no balance): the basket is left as it is */
  const apply = () => (balance ? spend({ basketId, useOnlineCredit: useCredit }) : null);
  return { balance, useCredit, setUseCredit, apply };
}

/** "Proceed to checkout": POST /checkout (after the online credit choice); an invalid basket's issues are listed per line. */
export function ProceedToCheckout(props: {
  basketId: string;
  language: string;
  entries: readonly ServerEntry[];
  products: readonly ProductDto[];
}) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { search } = useLocation();
  const credit = useOnlineCreditChoice(props.basketId);
  const [startCheckout, call] = useStartCheckoutMutation();
  const [problem, setProblem] = useState<CheckoutProblem | null>(null);
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (problem) notice.current?.focus();
  }, [problem]);

  const isCustomer = useIsCustomer();
  const client = useGetCurrentClientQuery();
  const guestCheckout = client.data?.featureFlags.guestCheckout === true;
  const basketAddress = `${window.location.origin}/${props.language}/basket`;

  const proceed = async () => {
    // a signed-out visitor checks out as a guest (guestCheckout); without it the way is to sign in (below)
    if (!isCustomer) return navigate(`/${props.language}/guest-checkout?basketId=${props.basketId}`);
    const choosing = credit.apply();
    if (choosing) {
      const chosen = await choosing;
      if (chosen.error) return setProblem(checkoutProblemOf(chosen.error));
    }
    const started = await startCheckout(props.basketId);
    if (started.error) return setProblem(checkoutProblemOf(started.error));
    setProblem(null);
    await navigate(withPageToken(`/${props.language}/checkout/${started.data.id}`, search));
  };

  const invalid = problem?.code === 'BASKET_NOT_VALID';
  // a visitor learns before pressing anything that an account is needed, or that a guest may check out
  const accountNeeded = !isCustomer && !guestCheckout;
  const guestWay = !isCustomer && guestCheckout;
  const signInLinks = (
    <p className="checkout-sign-in">
      <Link className="button" to={signInPageUrl(props.language, basketAddress)}>
        {intl.formatMessage(checkoutMessages.signInToCheckOut)}
      </Link>{' '}
      {accountNeeded && (
        <a href={registerUrl(props.language)}>{intl.formatMessage(checkoutMessages.registerToCheckOut)}</a>
      )}
    </p>
  );
  if (client.isLoading && !isCustomer) return null;
  if (accountNeeded)
    return (
      <div className="checkout-proceed">
        <p className="notice-info">{intl.formatMessage(checkoutMessages.accountNeeded)}</p>
        {signInLinks}
      </div>
    );
  return (
    <div className="checkout-proceed">
      {guestWay && <p className="notice-info">{intl.formatMessage(checkoutMessages.guestWelcome)}</p>}
      {credit.balance && (
        <>
          <label className="slot-option">
            <input
              type="checkbox"
              checked={credit.useCredit}
              onChange={(event) => credit.setUseCredit(event.target.checked)}
            />
            {intl.formatMessage(discountMessages.useOnlineCredit, {
              balance: formatMoney(intl, credit.balance),
            })}
          </label>
          {credit.useCredit && <small>{intl.formatMessage(discountMessages.useOnlineCreditHint)}</small>}
        </>
      )}
      <button type="button" disabled={call.isLoading} onClick={() => void proceed()}>
        {intl.formatMessage(call.isLoading ? checkoutMessages.starting : basketMessages.proceed)}
      </button>
      {guestWay && signInLinks}
      {problem && (
        <div role="alert" tabIndex={-1} ref={notice} className="notice-problem checkout-issues">
          <p>{intl.formatMessage(invalid ? checkoutMessages.basketInvalid : checkoutMessages.startFailed)}</p>
          {invalid && (
            <ul>
              {problem.issues.map((issue) => (
                <li key={`${issue.path}-${issue.message}`}>
                  {issueText(intl, issue, props.entries, props.products)}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
