import { useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { skipToken } from '@reduxjs/toolkit/query';
import { fieldProblemOf } from '../../lib/api/problem-fields';
import { useGetAvatarQuery, useRemoveAvatarMutation, useUploadAvatarMutation, type Person } from './api';
import { deletionMessages as messages } from './deletion-messages';

/** What the server takes (docs/account.md, "Photos"); it checks the content itself. */
const imageTypes = ['image/jpeg', 'image/png', 'image/webp'];

/** §3 Uploaded file on the person form: the person's photo, shown, replaced (multipart) or removed. */
export function PersonPhoto({ person }: { person: Person }) {
  const intl = useIntl();
  const inputId = useId();
  const photo = useGetAvatarQuery(person.avatar ?? skipToken);
  const [upload, uploading] = useUploadAvatarMutation();
  const [remove, removing] = useRemoveAvatarMutation();
  const [file, setFile] = useState<File | null>(null);
  const [outcome, setOutcome] = useState<'saved' | 'wrongType' | 'tooLarge' | 'failed' | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    if (!imageTypes.includes(file.type)) return setOutcome('wrongType');
    const result = await upload({ personId: person.id, file });
    if (!result.error) return setOutcome('saved');
    const status = 'status' in result.error ? result.error.status : undefined;
    const { fields } = fieldProblemOf(result.error);
    setOutcome(
      status === 413
        ? 'tooLarge'
        : Object.keys(fields).some((field) => field.startsWith('avatar'))
          ? 'wrongType'
          : 'failed',
    );
  };

  return (
    <section className="person-photo" aria-labelledby={`${inputId}-heading`}>
      <h3 id={`${inputId}-heading`}>{intl.formatMessage(messages.photoHeading)}</h3>
      {photo.data && (
        <img src={photo.data} alt={intl.formatMessage(messages.photoAlt)} width={96} height={96} />
      )}
      <form onSubmit={(event) => void submit(event)}>
        <label htmlFor={inputId}>{intl.formatMessage(messages.photoLabel)}</label>
        <input
          id={inputId}
          type="file"
          accept={imageTypes.join(',')}
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
        <div className="form-actions">
          <button type="submit" disabled={!file || uploading.isLoading}>
            {intl.formatMessage(messages.photoUpload)}
          </button>
          {person.avatar && (
            <button
              type="button"
              className="secondary"
              disabled={removing.isLoading}
              onClick={() => void remove(person.id).then(() => setOutcome(null))}
            >
              {intl.formatMessage(messages.photoRemove)}
            </button>
          )}
        </div>
      </form>
      {outcome === 'saved' && <p role="status">{intl.formatMessage(messages.photoSaved)}</p>}
      {outcome && outcome !== 'saved' && (
        <p role="alert" className="notice-problem">
          {intl.formatMessage(
            outcome === 'wrongType'
              ? messages.photoWrongType
              : outcome === 'tooLarge'
                ? messages.photoTooLarge
                : messages.photoFailed,
          )}
        </p>
      )}
    </section>
  );
}
