import { API_HEADERS, CONTENT_SIGNATURE_HEADER, PROVIDER_SIGNATURE_HEADER } from '@alpenpass/contracts';
import { signContent } from '../../src/catalogue/content-signature';
import { signNotification } from '../../src/payment-provider/notification-signature';
import type { Caller, ShopUnderTest } from './shop-under-test';
import { paymentProviderOf } from '../../src/payment-provider/provider-settings';

/** One request of the robustness run, described well enough to be replayed by hand from a failure. */
export interface Probe {
  label: string;
  method: string;
  /** path with query, already encoded */
  url: string;
  caller: Caller;
  withShopHeaders?: boolean;
  /** further request headers (a documented header parameter under test) */
  headers?: Record<string, string>;
  /** sent as JSON */
  body?: unknown;
  /** sent as it is, with contentType */
  raw?: string;
  contentType?: string;
}

export interface ProbeResult {
  probe: Probe;
  status: number;
  contentType: string;
  correlationId: string;
  body: unknown;
  ms: number;
}

/** A bad request must be refused; a probe that hangs is a defect too (unbounded work). Long enough for a
 * busy CI machine (slot generation as admin took over 5 s there), far short of a hang. */
const answerTimeoutMs = 15_000;

let sequence = 0;

export async function send(shop: ShopUnderTest, probe: Probe): Promise<ProbeResult> {
  const correlationId = `robustness-${++sequence}`;
  const headers: Record<string, string> = {
    [API_HEADERS.correlationId]: correlationId,
    accept: 'application/json',
  };
  if (probe.withShopHeaders !== false) Object.assign(headers, shop.shopHeaders);
  Object.assign(headers, probe.headers);
  const authorization = shop.authorization[probe.caller];
  if (authorization) headers.authorization = authorization;
  let payload: string | undefined;
  if (probe.raw !== undefined) payload = probe.raw;
  else if (probe.body !== undefined) payload = JSON.stringify(probe.body);
  if (payload !== undefined) {
    headers['content-type'] = probe.contentType ?? 'application/json';
    // outside systems authenticate by signature: sign every body so the schema behind it is reached
    headers[CONTENT_SIGNATURE_HEADER] = signContent(payload, shop.config.contentWebhookSecret);
    const provider = paymentProviderOf(shop.config);
    if (provider)
      headers[PROVIDER_SIGNATURE_HEADER] = signNotification(payload, provider.hmacKeyHex, Date.now());
  }
  const started = Date.now();
  let response: Response;
  let text: string;
  const request = () =>
    fetch(`${shop.url}${probe.url}`, {
      method: probe.method.toUpperCase(),
      headers,
      body: payload,
      signal: AbortSignal.timeout(answerTimeoutMs),
    });
  try {
    // a kept-alive connection the server closed while this process was busy making probes (its event loop
    // did not see the close) is reset as the request goes out: the server never saw it, so send it again once
    response = await request().catch((error: unknown) => {
      if ((error as { cause?: { code?: string } }).cause?.code !== 'ECONNRESET') throw error;
      return request();
    });
    text = await response.text();
  } catch (error) {
    const reason =
      (error as Error).name === 'TimeoutError'
        ? `no answer within ${answerTimeoutMs} ms`
        : `${String(error)} (${String((error as Error).cause ?? 'no cause')})`;
    if (process.env.ROBUSTNESS_TRACE)
      process.stderr.write(
        `TIMEOUT ${reason} ${probe.label} ${probe.url.slice(0, 300)} ${JSON.stringify(probe.body ?? probe.raw ?? null).slice(0, 300)}\n`,
      );
    return { probe, status: 0, contentType: '', correlationId, body: reason, ms: Date.now() - started };
  }
  const ms = Date.now() - started;
  if (process.env.ROBUSTNESS_TRACE)
    process.stderr.write(`${ms}ms ${response.status} ${probe.label} ${probe.url.slice(0, 150)}\n`);
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: kept as text for the report
  }
  return {
    probe,
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    correlationId,
    body,
    ms,
  };
}

/** Runs probes a few at a time: the machine is shared, the run must stay short. */
export async function sendAll(shop: ShopUnderTest, probes: Probe[], parallel = 6): Promise<ProbeResult[]> {
  const results: ProbeResult[] = new Array(probes.length);
  let next = 0;
  const worker = async () => {
    while (next < probes.length) {
      const index = next++;
      results[index] = await send(shop, probes[index]!);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return results;
}
