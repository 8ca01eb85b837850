/** Temporal task queues. The worker role polls these; clients start workflows on them. */
export const taskQueues = {
  /** Every workflow of the shop (basket holds, checkout, refunds, price generation) runs here. */
  workflows: 'alpenpass-workflows',
} as const;

export type TaskQueueName = (typeof taskQueues)[keyof typeof taskQueues];
