import {
  adminSlot,
  capacityProductParams,
  clientSlot,
  createSlotGroupRequest,
  generateSlotsResponse,
  productSlotsQuery,
  slotGroupIdParams,
  slotGroupResponse,
  slotGroupSlotsQuery,
  slotIdParams,
  updateSlotGroupRequest,
  type SlotGroupDefinition,
} from '@alpenpass/contracts';
import type { Knex } from 'knex';
import { z } from 'zod';
import { listSlotGroupSlots } from '@alpenpass/projections/src/capacity';
import { ApiRouter } from '../platform/http/api-router';
import { eventMetadataOf } from '../platform/http/request-context';
import type { ProductFactsLookup } from './product-facts';
import type { createSlotAdminService } from './slot-admin-service';
import type { SlotGroupService } from './slot-group-service';
import { createSlotReads } from './slot-reads';

export interface CapacityApiDeps {
  knex: Knex;
  lookupProduct: ProductFactsLookup;
  slotGroups: SlotGroupService;
  slots: ReturnType<typeof createSlotAdminService>;
  now?: () => Date;
}

function definitionOf(
  body: z.output<typeof createSlotGroupRequest> | z.output<typeof updateSlotGroupRequest>,
): SlotGroupDefinition {
  return {
    ...body,
    sampleFrom: body.isAllDay ? null : (body.sampleFrom ?? null),
    sampleTo: body.isAllDay ? null : (body.sampleTo ?? null),
    availabilityRangeId: body.availabilityRangeId ?? null,
  };
}

/** Staff endpoints under /api/admin (admin role only). */
export function capacityAdminRouter(deps: CapacityApiDeps): ApiRouter {
  const { slotGroups, slots } = deps;
  const slotAction = (action: 'cancel' | 'hide' | 'show', operationId: string, summary: string) =>
    ({
      method: 'post',
      operationId,
      path: `/slots/:slotId/${action}`,
      summary,
      access: 'admin',
      params: slotIdParams,
    }) as const;
  return new ApiRouter('Slot groups (admin)', '/admin')
    .route(
      {
        method: 'post',
        operationId: 'adminCreateSlotGroup',
        path: '/slot-groups',
        summary: 'Create a slot group',
        access: 'admin',
        body: createSlotGroupRequest,
        response: slotGroupResponse,
        status: 201,
      },
      ({ body, ctx }) => slotGroups.create(definitionOf(body), eventMetadataOf(ctx)),
    )
    .route(
      {
        method: 'get',
        operationId: 'adminGetSlotGroup',
        path: '/slot-groups/:slotGroupId',
        summary: 'Read a slot group',
        access: 'admin',
        params: slotGroupIdParams,
        response: slotGroupResponse,
      },
      ({ params }) => slotGroups.get(params.slotGroupId),
    )
    .route(
      {
        method: 'put',
        operationId: 'adminUpdateSlotGroup',
        path: '/slot-groups/:slotGroupId',
        summary: 'Update a slot group',
        access: 'admin',
        params: slotGroupIdParams,
        body: updateSlotGroupRequest,
        response: slotGroupResponse,
      },
      ({ params, body, ctx }) =>
        slotGroups.update(params.slotGroupId, definitionOf(body), eventMetadataOf(ctx)),
    )
    .route(
      {
        method: 'post',
        operationId: 'adminGenerateSlots',
        path: '/slot-groups/:slotGroupId/slots/generate',
        summary: "Generate the group's slots",
        access: 'admin',
        params: slotGroupIdParams,
        response: generateSlotsResponse,
      },
      ({ params, ctx }) => slotGroups.generate(params.slotGroupId, eventMetadataOf(ctx)),
    )
    .route(
      {
        method: 'get',
        operationId: 'adminListSlotGroupSlots',
        path: '/slot-groups/:slotGroupId/slots',
        summary: "List the group's slots",
        access: 'admin',
        params: slotGroupIdParams,
        query: slotGroupSlotsQuery,
        response: z.array(adminSlot),
      },
      async ({ params, query }) => {
        await slotGroups.get(params.slotGroupId);
        return listSlotGroupSlots(deps.knex, params.slotGroupId, query.limit);
      },
    )
    .route(slotAction('cancel', 'adminCancelSlot', 'Cancel a slot'), ({ params, ctx }) =>
      slots.cancel(params.slotId, eventMetadataOf(ctx)),
    )
    .route(slotAction('hide', 'adminHideSlot', 'Hide a slot'), ({ params, ctx }) =>
      slots.hide(params.slotId, eventMetadataOf(ctx)),
    )
    .route(slotAction('show', 'adminShowSlot', 'Show a hidden slot'), ({ params, ctx }) =>
      slots.show(params.slotId, eventMetadataOf(ctx)),
    )
    .route(
      {
        method: 'delete',
        operationId: 'adminDeleteSlot',
        path: '/slots/:slotId',
        summary: 'Delete a slot',
        access: 'admin',
        params: slotIdParams,
      },
      ({ params, ctx }) => slots.delete(params.slotId, eventMetadataOf(ctx)),
    );
}

/** Public capacity reads (§7 Capacities). */
export function capacityReadRouter(deps: CapacityApiDeps): ApiRouter {
  const reads = createSlotReads({
    knex: deps.knex,
    lookupProduct: deps.lookupProduct,
    now: deps.now ?? (() => new Date()),
  });
  return new ApiRouter('Capacities', '/capacities')
    .route(
      {
        method: 'get',
        operationId: 'listProductSlots',
        path: '/slots/products/:productId',
        summary: "A product's slots with their free places",
        access: 'public',
        params: capacityProductParams,
        query: productSlotsQuery,
        response: z.array(clientSlot),
      },
      ({ params, query, ctx }) => reads.productSlots(params.productId, query, ctx.principal),
    )
    .route(
      {
        method: 'get',
        operationId: 'getNextProductSlot',
        path: '/slots/products/:productId/next',
        summary: 'The next slot with places left',
        access: 'public',
        params: capacityProductParams,
        query: productSlotsQuery,
        response: clientSlot,
      },
      ({ params, query, ctx }) => reads.nextSlot(params.productId, query, ctx.principal),
    );
}
