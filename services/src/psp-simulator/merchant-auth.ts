import { timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { SimulatedMerchant } from './simulator-config';
import { SimulatorError } from './simulator-error';

const same = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** HTTP basic auth with the merchant id and its API password, as the provider's server API asks. */
export function requireMerchant(merchant: SimulatedMerchant) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const header = req.headers.authorization ?? '';
    const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header);
    const decoded = match ? Buffer.from(match[1]!, 'base64').toString('utf8') : '';
    const separator = decoded.indexOf(':');
    const [user, password] =
      separator < 0 ? ['', ''] : [decoded.slice(0, separator), decoded.slice(separator + 1)];
    if (separator >= 0 && same(user, merchant.merchantId) && same(password, merchant.password)) {
      res.locals.merchantId = merchant.merchantId;
      next();
      return;
    }
    res.setHeader('www-authenticate', 'Basic realm="psp-simulator"');
    const error = new SimulatorError(401, 'UNAUTHORIZED', 'missing or wrong merchant credentials');
    res.status(401).json(error.body());
  };
}
