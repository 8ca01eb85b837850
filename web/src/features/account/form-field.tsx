import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { accountMessages } from './messages';

/** A labelled input with its required mark and its problem, announced and tied to the input. */
export function FormField({
  id,
  label,
  required,
  problem,
  children,
}: {
  id: string;
  label: string;
  required: boolean;
  problem: string | undefined;
  children: ReactNode;
}) {
  const intl = useIntl();
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required && (
          <span className="required-mark"> {intl.formatMessage(accountMessages.requiredMark)}</span>
        )}
      </label>
      {children}
      {problem && (
        <p id={`${id}-problem`} className="field-error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

/** The attributes an input takes from its field's state. */
export const inputState = (id: string, required: boolean, problem: string | undefined) => ({
  id,
  required,
  'aria-invalid': problem ? true : undefined,
  'aria-describedby': problem ? `${id}-problem` : undefined,
});
