import { createHash } from 'node:crypto';
import type { PersonAvatar } from '@alpenpass/contracts';
import { uploadedImage } from '@alpenpass/contracts/src/server';
import type { Knex } from 'knex';
import { Problem } from '../platform/http/problem';
import type { ReceivedFile } from '../platform/http/upload';

/** The multipart field of a person's photo: the name of the §5 person field it fills. */
export const avatarField = 'avatar';

/** What a file is by its first bytes (file-type, an ES module), whatever the client declared. */
async function mimetypeByContent(buffer: Buffer): Promise<string> {
  const { fileTypeFromBuffer } = await import('file-type/core');
  return (await fileTypeFromBuffer(buffer))?.mime ?? 'application/octet-stream';
}

/**
 * §3 Uploaded file, §5 File: a non-empty buffer ("Expected a Buffer", "Expected a non-empty Buffer")
 * whose content is one of the allowed images ("Expected one of image/jpeg, image/png, image/webp").
 * The declared mimetype is not believed: a script named photo.png is refused.
 */
export async function checkedAvatar(
  file: ReceivedFile | undefined,
): Promise<{ avatar: PersonAvatar; content: Buffer }> {
  const buffer = file?.buffer;
  const candidate = {
    ...file,
    buffer,
    mimetype: Buffer.isBuffer(buffer) && buffer.length > 0 ? await mimetypeByContent(buffer) : file?.mimetype,
  };
  const parsed = uploadedImage.safeParse(candidate);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => ({
      path: [`body.${avatarField}`, ...issue.path.map(String)].join('.'),
      message: issue.message,
    }));
    throw Problem.badRequest('VALIDATION_FAILED', errors[0]!.message, errors);
  }
  const content = parsed.data.buffer;
  return {
    avatar: {
      mimetype: parsed.data.mimetype,
      size: content.length,
      sha256: createHash('sha256').update(content).digest('hex'),
    },
    content,
  };
}

/** The bytes of the persons' photos (migration 019), keyed by person and digest. */
export function personAvatarStore(knex: Knex) {
  return {
    async save(accountId: string, personId: number, avatar: PersonAvatar, content: Buffer): Promise<void> {
      await knex('person_avatars')
        .insert({
          person_id: personId,
          sha256: avatar.sha256,
          account_id: accountId,
          mimetype: avatar.mimetype,
          size: avatar.size,
          content,
        })
        .onConflict(['person_id', 'sha256'])
        .ignore();
    },
    async content(accountId: string, personId: number, sha256: string): Promise<Buffer | null> {
      const row = await knex('person_avatars')
        .select<{ content: Buffer }[]>('content')
        .where({ account_id: accountId, person_id: personId, sha256 })
        .first();
      return row?.content ?? null;
    },
    /** every photo of the person but the one its events name now (null: none) */
    async keepOnly(accountId: string, personId: number, sha256: string | null): Promise<void> {
      await knex('person_avatars')
        .where({ account_id: accountId, person_id: personId })
        .modify((query) => (sha256 ? query.whereNot({ sha256 }) : query))
        .delete();
    },
    async eraseAccount(accountId: string): Promise<void> {
      await knex('person_avatars').where({ account_id: accountId }).delete();
    },
  };
}

export type PersonAvatarStore = ReturnType<typeof personAvatarStore>;
