// The surge's slots, made on the running shop as staff make them: slot groups of the demo gondola through
// the admin API (POST /api/admin/slot-groups, then …/slots/generate). Hot slots have few places, cold
// ones many; all are in the evening, after the demo's own gondola slots, within its booking window.
import type { RunningShop } from '../shop/shop-process';

export const GONDOLA_PRODUCT_ID = 103;
export const GONDOLA_DEFINITION_ID = 1031;
export const HOT_CAPACITY = 15;
export const COLD_CAPACITY = 10_000;

export interface SurgeSlots {
  hot: number[];
  cold: number[];
}

const dayAfter = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** One slot a day at `hour` for `days` days from the day after tomorrow, of `capacity` places (POST /api/admin/slot-groups, then …/slots/generate). */
export async function slotGroup(
  shop: RunningShop,
  name: string,
  hour: number,
  days: number,
  capacity: number,
): Promise<number[]> {
  const time = (h: number) => `${String(h).padStart(2, '0')}:00:00`;
  const call = async (path: string, body?: unknown) => {
    const response = await fetch(`${shop.url}/api/admin${path}`, {
      method: 'POST',
      headers: { ...shop.adminHeaders, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${JSON.stringify(answer)}`);
    return answer;
  };
  const group = await call('/slot-groups', {
    name,
    pattern: 'FREQ=DAILY',
    sampleFrom: time(hour),
    sampleTo: time(hour + 1),
    startDate: dayAfter(2),
    endDate: dayAfter(1 + days),
    productId: GONDOLA_PRODUCT_ID,
    productDefinitionIds: [GONDOLA_DEFINITION_ID],
    color: '#cf222e',
    capacity,
    overlapDetection: false,
  });
  const generated = await call(`/slot-groups/${String(group.id)}/slots/generate`);
  return generated.slotIds as number[];
}

/** `hot` slots of HOT_CAPACITY places (one a day, 17:00) and `cold` slots of COLD_CAPACITY (four a day, 18:00–22:00). */
export async function createSurgeSlots(shop: RunningShop, hot: number, cold: number): Promise<SurgeSlots> {
  const hotIds = hot > 0 ? await slotGroup(shop, 'Bench – hot evening', 17, hot, HOT_CAPACITY) : [];
  const perGroup = Math.ceil(cold / 4);
  const coldIds: number[] = [];
  for (let group = 0; group < 4; group += 1)
    coldIds.push(
      ...(await slotGroup(shop, `Bench – cold evening ${group + 1}`, 18 + group, perGroup, COLD_CAPACITY)),
    );
  return { hot: hotIds, cold: coldIds.slice(0, cold) };
}
