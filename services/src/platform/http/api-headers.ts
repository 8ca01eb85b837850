import type { NextFunction, Request, Response } from 'express';
import { API_HEADERS, DEFAULT_API_VERSION } from '@alpenpass/contracts';
import { Problem } from './problem';

export interface ShopIdentity {
  clientId: string;
  channelId: string;
}

/** Every product call names the client, the channel and (optionally) the API version (§1, §7). */
export function requireShopHeaders(shop: ShopIdentity) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    const clientId = req.headers[API_HEADERS.clientId];
    const channelId = req.headers[API_HEADERS.channelId];
    const version = req.headers[API_HEADERS.apiVersion];
    const errors = [];
    if (clientId !== shop.clientId) {
      errors.push({
        path: `headers.${API_HEADERS.clientId}`,
        message: `Header ${API_HEADERS.clientId} must be ${shop.clientId}`,
      });
    }
    if (channelId !== shop.channelId) {
      errors.push({
        path: `headers.${API_HEADERS.channelId}`,
        message: `Header ${API_HEADERS.channelId} must name this shop's channel`,
      });
    }
    if (version !== undefined && version !== DEFAULT_API_VERSION) {
      errors.push({
        path: `headers.${API_HEADERS.apiVersion}`,
        message: `Unsupported API version; supported: ${DEFAULT_API_VERSION}`,
      });
    }
    if (errors.length) throw Problem.badRequest('INVALID_HEADERS', errors[0]!.message, errors);
    next();
  };
}

/** The channel the request names (checked against the shop's by requireShopHeaders on product calls). */
export function channelIdOf(req: Request): string | undefined {
  const channel = req.headers[API_HEADERS.channelId];
  return typeof channel === 'string' ? channel : undefined;
}
