import { useState } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { checkoutProblemOf } from '../../lib/api/checkout-problem';
import { afterSaleMessages } from './after-sale-messages';
import { useOrderDocumentUrlMutation, type OrderDocumentKind } from './api';
import { openDocument } from './open-document';

const refusals: Record<string, MessageDescriptor> = {
  TICKETS_NOT_ISSUED: afterSaleMessages.TICKETS_NOT_ISSUED,
  RECEIPT_NOT_AVAILABLE: afterSaleMessages.RECEIPT_NOT_AVAILABLE,
};

/** Tickets and receipt as PDFs, each through a fresh short-lived signed link in the page's language. */
export function OrderDocuments({
  orderId,
  language,
  hasTickets,
}: {
  orderId: number;
  language: string;
  hasTickets: boolean;
}) {
  const intl = useIntl();
  const [askLink, call] = useOrderDocumentUrlMutation();
  const [problem, setProblem] = useState<MessageDescriptor | null>(null);

  const download = async (kind: OrderDocumentKind) => {
    setProblem(null);
    const link = await askLink({ orderId, kind, language });
    if (link.error)
      return setProblem(
        refusals[checkoutProblemOf(link.error).code ?? ''] ?? afterSaleMessages.documentFailed,
      );
    openDocument(link.data.url);
  };

  return (
    <section aria-labelledby="order-documents-heading">
      <h2 id="order-documents-heading">{intl.formatMessage(afterSaleMessages.documentsHeading)}</h2>
      <p className="basket-actions">
        {hasTickets && (
          <button type="button" disabled={call.isLoading} onClick={() => void download('tickets')}>
            {intl.formatMessage(afterSaleMessages.downloadTickets)}
          </button>
        )}
        <button type="button" disabled={call.isLoading} onClick={() => void download('receipt')}>
          {intl.formatMessage(afterSaleMessages.downloadReceipt)}
        </button>
      </p>
      {problem && (
        <p role="alert" className="notice-problem">
          {intl.formatMessage(problem)}
        </p>
      )}
    </section>
  );
}
