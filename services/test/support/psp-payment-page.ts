/** Drives the hosted payment page like a browser without scripts: GET the page, POST its forms. */
export async function openPaymentPage(redirectUrl: string): Promise<{ status: number; html: string }> {
  const response = await fetch(redirectUrl);
  return { status: response.status, html: await response.text() };
}

export interface PageAnswer {
  status: number;
  /** where the page sends the browser (303), if anywhere */
  location: string | null;
  html: string;
}

/** A page that has not answered after this long is given up on, as a browser's user would. */
const PAGE_TIMEOUT_MS = 20_000;

async function submit(url: string, fields: Record<string, string>): Promise<PageAnswer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
    signal: AbortSignal.timeout(PAGE_TIMEOUT_MS),
  });
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
}

export function choose(
  redirectUrl: string,
  method: string,
  outcome: 'success' | 'decline' | 'cancel' | 'error' | 'challenge',
): Promise<PageAnswer> {
  return submit(redirectUrl, { method, outcome });
}

export function answerChallenge(redirectUrl: string, result: 'pass' | 'fail'): Promise<PageAnswer> {
  return submit(`${redirectUrl}/challenge`, { result });
}
