import { readFeatureFlag, type FeatureFlags } from '@alpenpass/contracts';
import { isStaff, type Principal } from '../platform/auth/principal';
import { invalid } from '../platform/domain-error';

/**
 * §6 enableCheckoutCommentInput (docs/feature-flags.md): a customer's or guest's basket and checkout take a
 * `comment` only while the flag is on (400 CHECKOUT_COMMENT_DISABLED on body.comment otherwise, nothing
 * changed: the field is not one this shop's form has; the caller may still do everything else). Staff's
 * comments (ADMIN orders, the order comment) are not the customer's input and are never refused. Without
 * flags (a service built without the shop's configuration) the comment is taken.
 */
export function refuseCommentUnlessEnabled(
  flags: FeatureFlags | undefined,
  principal: Principal | null,
  details: { comment?: unknown },
): void {
  if (details.comment === undefined || !flags || isStaff(principal)) return;
  if (!readFeatureFlag(flags, 'enableCheckoutCommentInput'))
    throw invalid('CHECKOUT_COMMENT_DISABLED', 'This shop takes no comment with an order.', 'body.comment');
}
