import type { Request, Response } from 'express';
import multer from 'multer';
import { Problem } from './problem';

/** A route that takes one file as multipart/form-data (RouteSpec.upload), the one exception to JSON bodies. */
export interface UploadSpec {
  /** the form field that carries the file */
  field: string;
  /** the largest file accepted; a larger one is answered 413 before it is all read */
  maxBytes: number;
}

/** The file multer read into memory (§3 Uploaded file), undefined when the request carried none. */
export type ReceivedFile = Express.Multer.File;

/**
 * Reads the route's one file into memory. Anything else in the form is refused, and multer's and
 * busboy's refusals become problems: a 413 for a file over the limit, a 400 for a malformed form.
 */
export async function receiveUpload(
  req: Request,
  res: Response,
  spec: UploadSpec,
): Promise<ReceivedFile | undefined> {
  const receive = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: spec.maxBytes, files: 1, fields: 0, parts: 1 },
  }).single(spec.field);
  try {
    await new Promise<void>((resolve, reject) =>
      receive(req, res, (error: unknown) => (error ? reject(error) : resolve())),
    );
  } catch (error) {
    if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE') {
      throw new Problem(413, 'FILE_TOO_LARGE', `The file is larger than ${spec.maxBytes} bytes.`, [
        { path: `body.${spec.field}`, message: `At most ${spec.maxBytes} bytes` },
      ]);
    }
    const message = error instanceof Error ? error.message : 'Malformed form';
    throw Problem.badRequest(
      'MALFORMED_UPLOAD',
      `Send one file as the form field ${spec.field} (multipart/form-data).`,
      [{ path: `body.${spec.field}`, message }],
    );
  }
  return req.file;
}
