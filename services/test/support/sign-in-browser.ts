interface StoredCookie {
  value: string;
  path: string;
}

/** A test browser over fetch: a cookie jar (per name and path) and redirects followed by hand. */
export class TestBrowser {
  private readonly cookies = new Map<string, StoredCookie>();

  constructor(readonly origin: string) {}

  /** Another browser holding a copy of this one's cookies (a stolen or copied cookie), by default on the
   * same origin; another origin plays one more node of the same shop. */
  copy(origin = this.origin): TestBrowser {
    const other = new TestBrowser(origin);
    for (const [key, cookie] of this.cookies) other.cookies.set(key, { ...cookie });
    return other;
  }

  cookieNames(): string[] {
    return [...this.cookies.keys()].map((key) => key.split('|')[0]!);
  }

  private cookieHeader(path: string): string {
    return [...this.cookies.entries()]
      .filter(([, cookie]) => path.startsWith(cookie.path))
      .map(([key, cookie]) => `${key.split('|')[0]}=${cookie.value}`)
      .join('; ');
  }

  private store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';').map((part) => part.trim());
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at);
      const value = pair!.slice(at + 1);
      const attribute = (wanted: string) =>
        attributes
          .find((part) => part.toLowerCase().startsWith(`${wanted}=`))
          ?.split('=')
          .slice(1)
          .join('=');
      const path = attribute('path') ?? '/';
      const expires = attribute('expires');
      const gone =
        attribute('max-age') === '0' ||
        (expires !== undefined && new Date(expires).getTime() < Date.now()) ||
        value === '';
      if (gone) this.cookies.delete(`${name}|${path}`);
      else this.cookies.set(`${name}|${path}`, { value, path });
    }
  }

  /** One request, no redirect followed. */
  async request(
    url: string,
    init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const target = new URL(url, this.origin);
    const headers: Record<string, string> = { ...init.headers };
    const cookie = this.cookieHeader(target.pathname);
    if (cookie) headers.cookie = cookie;
    if (init.form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(target, {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      headers,
      body: init.form ? new URLSearchParams(init.form) : undefined,
      redirect: 'manual',
    });
    this.store(response);
    return response;
  }

  /** Follows redirects inside the sign-in machinery (/api/auth, /oidc); returns the last answer and where it stopped. */
  async follow(
    url: string,
    init: { method?: string; form?: Record<string, string> } = {},
  ): Promise<{ response: Response; url: string; redirects: string[] }> {
    let response = await this.request(url, init);
    let current = new URL(url, this.origin).href;
    const redirects: string[] = [];
    while (response.status >= 300 && response.status < 400) {
      const next = new URL(response.headers.get('location')!, current);
      redirects.push(next.href);
      current = next.href;
      if (next.origin !== this.origin || !/^\/(api\/auth|oidc)(\/|$)/.test(next.pathname)) break;
      await response.arrayBuffer();
      response = await this.request(next.href);
    }
    return { response, url: current, redirects };
  }

  async csrfToken(): Promise<string> {
    const response = await this.request('/api/auth/csrf');
    return ((await response.json()) as { csrfToken: string }).csrfToken;
  }

  async session(): Promise<Record<string, unknown> | null> {
    const response = await this.request('/api/auth/session');
    return (await response.json()) as Record<string, unknown> | null;
  }
}

/** The action of the first form of a page, absolute. */
export function formAction(html: string, base: string): string {
  const match = /<form[^>]*action="([^"]+)"/.exec(html);
  if (!match) throw new Error(`no form in the page:\n${html.slice(0, 500)}`);
  return new URL(match[1]!.replace(/&amp;/g, '&'), base).href;
}

export const linkIn = (text: string): string => {
  const match = /https?:\/\/\S+/.exec(text);
  if (!match) throw new Error(`no link in the mail:\n${text}`);
  return match[0];
};
