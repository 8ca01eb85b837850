import { z } from 'zod';
import { DateTime } from 'luxon';
import { exportTemplate } from './domain/order';
import { languageWithFallback } from './languages';
import { calendarDateString } from './validators/dates';

/** Staff exports of the §9 templates (exportTemplate); the call is ours (SPEC names no route): docs/exports.md. */
export const exportFormats = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** A season and a bit: longer ranges are split by the caller (each file stays a sensible size). */
export const maxExportDays = 400;

const exportDay = calendarDateString;

export const exportParams = z.object({ template: exportTemplate });
export const exportQuery = z
  .object({
    from: exportDay,
    to: exportDay,
    format: z.enum(exportFormats).default('csv'),
    /** the language of the product names */
    language: languageWithFallback.optional(),
  })
  .refine((query) => query.from <= query.to, { message: 'from must not be after to', path: ['to'] })
  .refine(
    (query) => DateTime.fromISO(query.to).diff(DateTime.fromISO(query.from), 'days').days < maxExportDays,
    {
      message: `At most ${maxExportDays} days per export`,
      path: ['to'],
    },
  );
export type ExportQuery = z.infer<typeof exportQuery>;
