import { z } from 'zod';
import { parseableInteger } from './parsers';
import { uuidString } from './text-formats';

/** Numeric ids live in PostgreSQL integer columns: a larger number names nothing and must not reach a query. */
export const MAX_NUMERIC_ID = 2_147_483_647;

/** §5 Ids: numeric ids are positive integers; basket, checkout and channel ids are uuids. */
export const numericId = z.number().int().min(1).max(MAX_NUMERIC_ID);
/** A numeric id from a path or query string ("12" -> 12). */
export const numericIdParam = parseableInteger.pipe(numericId);

export const databaseId = z.number().int().positive().max(MAX_NUMERIC_ID);
/** The parsed database id accepts an integer or integer string and must be 0 or more. */
export const parsedDatabaseId = parseableInteger.pipe(z.number().int().min(0).max(MAX_NUMERIC_ID));

export const basketId = uuidString;
export const checkoutId = uuidString;
export const channelId = uuidString;
