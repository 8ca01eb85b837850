import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';

/** Answers with a strong ETag over the body; 304 without a body when the caller already has it. */
export function sendWithEtag(req: Request, res: Response, body: unknown): void {
  const json = JSON.stringify(body);
  const etag = `"${createHash('sha1').update(json).digest('base64url')}"`;
  res.setHeader('ETag', etag);
  res.setHeader('Cache-Control', 'no-cache');
  const offered = req.headers['if-none-match'];
  const matches = typeof offered === 'string' && offered.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*');
  if (matches) {
    res.status(304).end();
    return;
  }
  res.status(200).type('application/json').send(json);
}
