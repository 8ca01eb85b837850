import { z } from 'zod';

/**
 * Environment values (§5 "Environment values"). Environment variables always arrive as text, so
 * every schema here takes a string and yields the typed value.
 */

const digitsOnly = /^\d+$/;

/** A TCP port 0-65535 written as decimal digits, e.g. "8080" -> 8080. */
export const envPort = z
  .string()
  .trim()
  .regex(digitsOnly, 'Expected a port number 0-65535')
  .transform(Number)
  .pipe(
    z.number().int().min(0, 'Expected a port number 0-65535').max(65535, 'Expected a port number 0-65535'),
  );

const trueWords = new Set(['true', '1', 'yes']);

/** true for "true", "1" and "yes" (any case, surrounding blanks ignored); false for anything else or a missing value. */
export const envBoolean = z
  .string()
  .optional()
  .transform((value) => value !== undefined && trueWords.has(value.trim().toLowerCase()));

/** A positive finite number, e.g. "0.5" or "1e3"; "0", "-1", "Infinity" and "abc" are rejected. */
export const envPositiveNumber = z
  .string()
  .trim()
  .min(1, 'Expected a positive number')
  .transform(Number)
  .pipe(z.number('Expected a positive number').positive('Expected a positive number'));

/** Comma-separated list; every whitespace character is removed and empty items dropped ("" -> []). */
export const envList = z
  .string()
  .optional()
  .transform((value) => splitEnvList(value ?? ''));

export function splitEnvList(value: string): string[] {
  return value
    .replace(/\s+/g, '')
    .split(',')
    .filter((item) => item.length > 0);
}

/** An absolute URL, surrounding blanks ignored. */
export const envUrl = z.string().trim().pipe(z.url('Expected a URL'));
