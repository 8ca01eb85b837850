import cluster, { type Worker } from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { AggregatorRegistry } from 'prom-client';
import { processRegistry } from './process-metrics';

interface MetricsRequest {
  type: 'alpenpass:metrics-request';
  id: string;
}
interface MetricsAnswer {
  type: 'alpenpass:metrics-answer';
  id: string;
  text?: string;
  error?: string;
}

const isMessage = <T extends { type: string }>(message: unknown, type: T['type']): message is T =>
  typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type;

/**
 * The metrics of this process's own work, as Prometheus text. In an API cluster worker, the request
 * goes to the primary, which asks every API process (prom-client's AggregatorRegistry) and sums them
 * (histograms and counters add up; the default process gauges are aggregated as prom-client defines),
 * so one scrape of /metrics on the shared port sees the whole cluster, whichever process answers.
 */
export async function ownMetrics(): Promise<string> {
  if (!cluster.isWorker || !process.send) return processRegistry.metrics();
  const id = randomUUID();
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => finish(new Error('the API primary did not answer the metrics request')),
      5000,
    );
    const onMessage = (message: unknown) => {
      if (isMessage<MetricsAnswer>(message, 'alpenpass:metrics-answer') && message.id === id)
        finish(message.error ? new Error(message.error) : undefined, message.text);
    };
    const finish = (error?: Error, text?: string) => {
      clearTimeout(timer);
      process.off('message', onMessage);
      if (error) reject(error);
      else resolve(text ?? '');
    };
    process.on('message', onMessage);
    process.send!({ type: 'alpenpass:metrics-request', id } satisfies MetricsRequest);
  });
}

/** In an API cluster worker: answer the primary's aggregation requests with this process's registry. */
export function serveMetricsToPrimary(): void {
  if (!cluster.isWorker) return;
  AggregatorRegistry.setRegistries([processRegistry]);
  new AggregatorRegistry();
}

/** In the API cluster primary: answers a worker's metrics request with the whole cluster's sum. */
export function clusterMetricsResponder(): (worker: Worker, message: unknown) => void {
  const aggregator = new AggregatorRegistry();
  return (worker, message) => {
    if (!isMessage<MetricsRequest>(message, 'alpenpass:metrics-request')) return;
    aggregator.clusterMetrics().then(
      (text) =>
        worker.send({ type: 'alpenpass:metrics-answer', id: message.id, text } satisfies MetricsAnswer),
      (error: unknown) =>
        worker.send({
          type: 'alpenpass:metrics-answer',
          id: message.id,
          error: String(error),
        } satisfies MetricsAnswer),
    );
  };
}
