import type { OrderDto, orderItemDto } from '@alpenpass/contracts/src/order';
import type { z } from 'zod';

type OrderItemDto = z.infer<typeof orderItemDto>;

/** A validity as the server answers it: the days named (yyyy-MM-dd text), or a slot's start and end (Dates). */
export interface ServerValidity {
  from: Date | string;
  to: Date | string;
}

/** The API's order shapes as every feature sees them: ISO date-times arrive as Date objects (§7), plain
 * days (a validity the customer chose) stay yyyy-MM-dd text. */
export interface ServerOrderItem extends Omit<OrderItemDto, 'validity'> {
  validity: ServerValidity | null;
}

export interface ServerOrder extends Omit<OrderDto, 'items' | 'createdAt' | 'updatedAt'> {
  items: ServerOrderItem[];
  createdAt: Date;
  updatedAt: Date;
}
