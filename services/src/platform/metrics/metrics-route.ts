import { Router } from 'express';
import { Registry } from 'prom-client';
import { ownMetrics } from './cluster-metrics';

/** GET /metrics: the processes' own metrics (summed over the API cluster) and the shop-wide gauges. */
export function metricsRoute(shopRegistry: Registry): Router {
  return Router().get('/metrics', async (_req, res, next) => {
    try {
      const [own, shop] = await Promise.all([ownMetrics(), shopRegistry.metrics()]);
      res.type(Registry.PROMETHEUS_CONTENT_TYPE).send(`${own.trimEnd()}\n${shop}`);
    } catch (error) {
      next(error);
    }
  });
}
