/**
 * Downloads a signed document link (a path on the shop's own origin, docs/tickets.md) without leaving
 * the page: the link is fetched after the click, when a new window would be taken for a pop-up.
 */
export function openDocument(path: string): void {
  const link = document.createElement('a');
  link.href = path;
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}
