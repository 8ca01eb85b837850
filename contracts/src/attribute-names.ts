/** Product-definition attributes with a meaning of their own (§3, §5). No zod here: the SPA's
 * first bundle imports this file directly. */

/** The age band of a definition; chosen only through person types, never as an attribute. */
export const AGE_ATTRIBUTE = 'age';
/** How long a definition is valid, read as hours or days (duration.ts). */
export const DURATION_ATTRIBUTE = 'duration';
