import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { useId, useRef, useState } from 'react';
import { useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import { checkoutProblemOf } from '../../../lib/api/checkout-problem';
import { discountMessages } from '../discount-messages';

type CallError = FetchBaseQueryError | SerializedError;
type CallResult = { error?: CallError };

/** The server's reason for refusing a code, in the page's language when the shop knows the code, else its own words. */
export function codeRefusalText(intl: IntlShape, error: CallError): string {
  const { code } = checkoutProblemOf(error);
  const known =
    code && code in discountMessages
      ? (discountMessages as Record<string, MessageDescriptor>)[code]
      : undefined;
  if (known) return intl.formatMessage(known);
  const detail =
    'data' in error && typeof (error.data as { detail?: unknown } | undefined)?.detail === 'string'
      ? (error.data as { detail: string }).detail
      : String(code ?? '');
  return intl.formatMessage(discountMessages.codeRefused, { detail });
}

export interface AppliedCode {
  key: string;
  name: string;
  /** absent: the line cannot be removed (an automatic discount) */
  remove?: () => Promise<CallResult>;
}

interface Props {
  label: MessageDescriptor;
  applyText: MessageDescriptor;
  emptyText: MessageDescriptor;
  appliedText: MessageDescriptor;
  removedText: MessageDescriptor;
  applied: readonly AppliedCode[];
  apply: (code: string) => Promise<CallResult>;
}

/** A code typed by the customer (promo code, gift voucher): apply it, see it applied or why not, remove it. */
export function CodeField({ label, applyText, emptyText, appliedText, removedText, applied, apply }: Props) {
  const intl = useIntl();
  const inputId = useId();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'problem' | 'success'; text: string } | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const run = async (call: () => Promise<CallResult>, success: MessageDescriptor) => {
    setBusy(true);
    const result = await call();
    setBusy(false);
    if (result.error) {
      setNotice({ kind: 'problem', text: codeRefusalText(intl, result.error) });
      return false;
    }
    setNotice({ kind: 'success', text: intl.formatMessage(success) });
    return true;
  };

  // a form of its own would nest in the checkout form: the button applies, Enter in the field too
  const submit = async (event?: { preventDefault(): void }) => {
    event?.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) {
      setNotice({ kind: 'problem', text: intl.formatMessage(emptyText) });
      input.current?.focus();
      return;
    }
    if (await run(() => apply(trimmed), appliedText)) setCode('');
  };

  return (
    <div className="condition-field code-field">
      <label htmlFor={inputId}>{intl.formatMessage(label)}</label>
      <span className="code-field-row">
        <input
          id={inputId}
          ref={input}
          value={code}
          autoComplete="off"
          aria-invalid={notice?.kind === 'problem' ? true : undefined}
          onChange={(event) => setCode(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') void submit(event);
          }}
        />
        <button type="button" disabled={busy} onClick={() => void submit()}>
          {intl.formatMessage(applyText)}
        </button>
      </span>
      {applied.length > 0 && (
        <ul className="code-field-applied">
          {applied.map((line) => (
            <li key={line.key}>
              {line.name}{' '}
              {line.remove && (
                <button
                  type="button"
                  className="link-button"
                  disabled={busy}
                  aria-label={intl.formatMessage(discountMessages.removeCode, { name: line.name })}
                  onClick={() => void run(line.remove!, removedText)}
                >
                  {intl.formatMessage(discountMessages.remove)}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <p
        role={notice?.kind === 'problem' ? 'alert' : 'status'}
        className={notice ? (notice.kind === 'problem' ? 'notice-problem' : 'notice-success') : undefined}
      >
        {notice?.text}
      </p>
    </div>
  );
}
