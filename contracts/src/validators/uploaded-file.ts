import { z } from 'zod';
import { expectedOneOf, validationMessages as messages } from './messages';

/**
 * §3 Uploaded file, §5 File: the shape multer hands an Express route. Server-only (Buffer): exported
 * from `@alpenpass/contracts/src/server`, never from the package index the SPA imports.
 */
const nonEmptyBuffer = z
  .custom<Buffer>((value) => Buffer.isBuffer(value), messages.buffer)
  .refine((buffer) => buffer.length > 0, messages.nonEmptyBuffer);

export interface UploadedFileOptions {
  /** mimetypes the upload may have, e.g. ['image/jpeg', 'image/png']; any when omitted */
  allowedMimetypes?: readonly string[];
}

export function uploadedFile(options: UploadedFileOptions = {}) {
  const { allowedMimetypes } = options;
  const mimetype = allowedMimetypes
    ? z.string().refine((type) => allowedMimetypes.includes(type), expectedOneOf(allowedMimetypes))
    : z.string().min(1);
  return z.object({
    buffer: nonEmptyBuffer,
    encoding: z.string(),
    fieldname: z.string().min(1),
    mimetype,
    originalname: z.string(),
    size: z.number().int().min(0),
  });
}
export type UploadedFile = z.infer<ReturnType<typeof uploadedFile>>;

/** The photo/avatar upload of a person. */
export const imageMimetypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const uploadedImage = uploadedFile({ allowedMimetypes: imageMimetypes });
