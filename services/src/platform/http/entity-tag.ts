import { createHash } from 'node:crypto';

/**
 * The conditional GETs' tag: a hash of the answer's format, the resource (the route and its
 * normalised parameters) and the change marks of the read models behind it (projections'
 * readModelMarks), so a caller whose copy is current is told so without the answer being read.
 */
export function entityTag(format: string, resource: string, marks: string): string {
  return `"${createHash('sha1').update(`${format}\n${resource}\n${marks}`).digest('base64url')}"`;
}

/** If-None-Match uses the weak comparison: W/"x" matches "x"; `*` matches any current answer. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((offered) => {
    const tag = offered.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}
