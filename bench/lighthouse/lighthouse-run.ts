import type { Page } from 'puppeteer-core';

/** The figures of one Lighthouse run that the table shows (times in ms, sizes in KiB). */
export interface PageFigures {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  transferredKiB: number;
  /** scripts asked for before the load event: what the first screen needs */
  scriptKiB: number;
  /** scripts asked for after it: the links' prefetches of the next pages (§9) */
  laterScriptKiB: number;
  /** the elements that moved most (Lighthouse's layout-shifts audit), for a CLS over the goal */
  shifted: string[];
}

interface ShiftItem {
  score?: number;
  node?: { selector?: string; nodeLabel?: string };
}

interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
  networkRequestTime?: number;
}

/**
 * One run of Lighthouse's default configuration — the mobile preset: a phone's screen, simulated slow
 * 4G (150 ms round trip, 1.6 Mbit/s) and 4× CPU slowdown — on a tab the bench prepared. The tab keeps
 * its storage (the basket's id, a guest's token) but not its HTTP cache, which is emptied first: a
 * first visit is what is measured.
 */
export async function lighthouseRun(page: Page, url: string): Promise<PageFigures> {
  const { default: lighthouse } = await import('lighthouse');
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  const result = await lighthouse(
    url,
    { onlyCategories: ['performance'], disableStorageReset: true, logLevel: 'error', output: 'json' },
    undefined,
    page,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const numeric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (value === undefined) throw new Error(`Lighthouse on ${url} has no figure for ${id}`);
    return value;
  };
  const requests =
    (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
  const observedLoad =
    (lhr.audits.metrics?.details as { items?: { observedLoad?: number }[] } | undefined)?.items?.[0]
      ?.observedLoad ?? Infinity;
  const scripts = requests.filter((request) => request.resourceType === 'Script');
  const kib = (list: NetworkItem[]) =>
    list.reduce((sum, request) => sum + (request.transferSize ?? 0), 0) / 1024;
  const shifts = (lhr.audits['layout-shifts']?.details as { items?: ShiftItem[] } | undefined)?.items ?? [];
  return {
    shifted: shifts
      .slice(0, 3)
      .map(
        (shift) =>
          `${shift.node?.selector ?? shift.node?.nodeLabel ?? '?'} (${(shift.score ?? 0).toFixed(3)})`,
      ),
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    transferredKiB: numeric('total-byte-weight') / 1024,
    scriptKiB: kib(scripts.filter((request) => (request.networkRequestTime ?? 0) <= observedLoad)),
    laterScriptKiB: kib(scripts.filter((request) => (request.networkRequestTime ?? 0) > observedLoad)),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The median of every figure on its own; the shifted elements of the run with the median CLS. */
export function medianFigures(runs: PageFigures[]): PageFigures {
  const of = (key: Exclude<keyof PageFigures, 'shifted'>) => median(runs.map((run) => run[key]));
  return {
    shifted: runs.find((run) => run.cls === of('cls'))?.shifted ?? [],
    score: of('score'),
    lcpMs: of('lcpMs'),
    tbtMs: of('tbtMs'),
    cls: of('cls'),
    transferredKiB: of('transferredKiB'),
    scriptKiB: of('scriptKiB'),
    laterScriptKiB: of('laterScriptKiB'),
  };
}
