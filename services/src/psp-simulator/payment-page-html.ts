import type { SimulatedTransaction } from './simulated-transaction';

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main><h1>${escape(title)}</h1>${body}</main></body></html>`;

const amountText = (transaction: SimulatedTransaction) =>
  `${(transaction.amount / 100).toFixed(2)} ${transaction.currency}`;

/** The hosted payment page: the method (card brands carry a masked test card) and the outcome to simulate. */
export function choicePage(transaction: SimulatedTransaction): string {
  const id = escape(transaction.transactionId);
  const methods = transaction.paymentMethods
    .map((method) => `<option value="${escape(method)}">${escape(method)}</option>`)
    .join('');
  return page(
    'PSP simulator: payment',
    `<p>Merchant reference ${escape(transaction.refno)}, amount ${escape(amountText(transaction))}.</p>
<form method="post" action="/v1/start/${id}">
<label>Payment method <select name="method">${methods}</select></label>
<label>Outcome <select name="outcome">
<option value="success">success</option><option value="decline">decline</option>
<option value="cancel">cancel</option><option value="error">error</option>
<option value="challenge">3-D Secure challenge</option></select></label>
<button type="submit">Pay</button></form>`,
  );
}

export function challengePage(transaction: SimulatedTransaction): string {
  const id = escape(transaction.transactionId);
  return page(
    'PSP simulator: 3-D Secure',
    `<p>The issuer asks the cardholder to confirm ${escape(amountText(transaction))}.</p>
<form method="post" action="/v1/start/${id}/challenge">
<button type="submit" name="result" value="pass">Confirm</button>
<button type="submit" name="result" value="fail">Fail authentication</button></form>`,
  );
}

export function messagePage(title: string, message: string): string {
  return page(title, `<p>${escape(message)}</p>`);
}
