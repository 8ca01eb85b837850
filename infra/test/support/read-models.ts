interface ReadyBody {
  details?: { projections?: Record<string, { lag: number | null }> };
}

/** Every read model of the shop at `origin` has applied every event its store holds: /api/ready's projection lags are all 0. */
export async function readModelsCaughtUp(origin: string): Promise<boolean> {
  const response = await fetch(`${origin}/api/ready`, { signal: AbortSignal.timeout(15_000) }).catch(
    () => null,
  );
  const body = (await response?.json().catch(() => null)) as ReadyBody | null;
  const projections = Object.values(body?.details?.projections ?? {});
  return projections.length > 0 && projections.every((projection) => projection.lag === 0);
}
