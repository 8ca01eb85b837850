import { isUtf8 } from 'node:buffer';
import express, { type Request } from 'express';

// declared where the body parser sets it, so that every program that compiles the parser knows it
declare module 'express-serve-static-core' {
  interface Request {
    /** the body exactly as received, for signature checks */
    rawBody?: Buffer;
  }
}

export const MAX_BODY_SIZE = '1mb';

/** application/json and the structured +json types (RFC 6839), e.g. application/merge-patch+json */
const jsonMediaTypes = ['application/json', 'application/*+json'];

/** Whether the request carries bytes in its body (an empty body counts as none). */
export function hasBody(req: Request): boolean {
  if (req.headers['transfer-encoding'] !== undefined) return true;
  const length = Number(req.headers['content-length']);
  return Number.isFinite(length) && length > 0;
}

export function isJsonRequest(req: Request): boolean {
  return Boolean(req.is(jsonMediaTypes));
}

/** Marks a body whose bytes are not UTF-8; the error handler answers 400 INVALID_ENCODING. */
export class InvalidEncodingError extends Error {
  constructor() {
    super('The request body is not valid UTF-8.');
    this.name = 'InvalidEncodingError';
  }
}

/** Marks a JSON body declared in another charset than UTF-8 (RFC 8259 §8.1); answered with 415. */
export class UnsupportedCharsetError extends Error {
  constructor(charset: string) {
    super(`JSON bodies must be UTF-8, not ${charset}.`);
    this.name = 'UnsupportedCharsetError';
  }
}

/**
 * Parses JSON bodies, keeps the raw bytes for signature checks and refuses bytes that are not
 * UTF-8: the decoder would otherwise turn them into U+FFFD silently and store altered text.
 */
export function jsonBody() {
  return express.json({
    limit: MAX_BODY_SIZE,
    type: jsonMediaTypes,
    verify: (req, _res, buffer, charset) => {
      if (!/^utf-?8$/i.test(charset)) throw new UnsupportedCharsetError(charset);
      // validated without decoding (body-parser decodes it once more anyway): the same strict rule as a
      // fatal TextDecoder, without a string per body
      if (!isUtf8(buffer)) throw new InvalidEncodingError();
      (req as Request).rawBody = buffer;
    },
  });
}
