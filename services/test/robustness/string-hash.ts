/** A small stable hash, so each route gets its own fixed seed. */
export function stringHash(text: string): number {
  let hash = 0;
  for (let index = 0; index < text.length; index++) hash = (Math.imul(hash, 31) + text.charCodeAt(index)) | 0;
  return Math.abs(hash);
}
