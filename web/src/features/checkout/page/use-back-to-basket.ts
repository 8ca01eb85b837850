import { useState } from 'react';
import { useNavigate } from 'react-router';
import { basketIdStore } from '../../basket/state/basket-id';
import { useBackToBasketMutation } from '../api';

export type BackProblem = 'refused' | 'failed';

/**
 * "Back to the basket" from the checkout (docs/checkout.md, "Back to the basket"): the unpaid order is
 * given up on the server and its entries come back in a basket, which becomes the customer's basket.
 */
export function useBackToBasket(checkoutId: string, language: string, pageSearch: string) {
  const navigate = useNavigate();
  const [backToBasket, call] = useBackToBasketMutation();
  const [problem, setProblem] = useState<BackProblem | null>(null);

  const goBack = async () => {
    setProblem(null);
    const answer = await backToBasket(checkoutId);
    if (answer.error) {
      const refused = 'status' in answer.error && answer.error.status === 409;
      return setProblem(refused ? 'refused' : 'failed');
    }
    basketIdStore.keep(answer.data.id);
    await navigate(`/${language}/basket${pageSearch}`);
  };

  return { goBack, busy: call.isLoading, problem };
}
