/**
 * A basket entry or order item of pay per use: priced 0 now (`billedPerUse`), each day of use billed
 * later to the customer's saved card (docs/consumptions.md). A cancelled item no longer counts.
 */
export const isPayPerUse = (line: { unitPrice: { source: string }; cancelled?: boolean }): boolean =>
  line.unitPrice.source === 'billedPerUse' && line.cancelled !== true;

export const hasPayPerUse = (
  lines: readonly { unitPrice: { source: string }; cancelled?: boolean }[],
): boolean => lines.some(isPayPerUse);
