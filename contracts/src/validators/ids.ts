import { z } from 'zod';
import { parseableInteger } from './parsers';
import { uuidString } from './text-formats';

/** §5 Ids: numeric ids are positive integers; basket, checkout and channel ids are uuids. */
export const numericId = z.number().int().min(1);
/** A numeric id from a path or query string ("12" -> 12). */
export const numericIdParam = parseableInteger.pipe(z.number().int().min(1));

export const databaseId = z.number().int().positive();
/** The parsed database id accepts an integer or integer string and must be 0 or more. */
export const parsedDatabaseId = parseableInteger.pipe(z.number().int().min(0));

export const basketId = uuidString;
export const checkoutId = uuidString;
export const channelId = uuidString;
