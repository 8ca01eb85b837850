import {
  addKeycardBody,
  checkValidityBody,
  keycardDto,
  keycardIdParams,
  keycardListQuery,
  keycardValidationDto,
  keycardValidityDto,
  uniqueKeycardDto,
  uniqueKeycardQuery,
} from '@alpenpass/contracts';
import { z } from 'zod';
import { ApiRouter } from '../platform/http/api-router';
import type { RequestContext } from '../platform/http/request-context';
import { carrierKeysOfNumber } from './carrier-candidates';
import type { KeycardCaller, KeycardService } from './keycard-service';

const caller = (ctx: RequestContext): KeycardCaller => ({
  principal: ctx.principal,
  correlationId: ctx.correlationId,
});

/** §7 Keycards: the signed-in customer's cards (GET /keycards/tickets and …/block are the after-sale's). */
export function keycardsRouter(service: KeycardService): ApiRouter {
  return new ApiRouter('Keycards', '/keycards')
    .route(
      {
        method: 'get',
        operationId: 'listKeycards',
        path: '/',
        summary: "The account's keycards (CANCELLED ones only when asked for by status)",
        access: 'customer',
        query: keycardListQuery,
        response: z.array(keycardDto),
      },
      ({ query, ctx }) => service.list(caller(ctx), query.status),
    )
    .route(
      {
        method: 'post',
        operationId: 'validateKeycard',
        path: '/validation',
        summary: 'Check a keycard as adding it would, without adding it',
        access: 'customer',
        body: addKeycardBody,
        response: keycardValidationDto,
      },
      ({ body, ctx }) => service.validate(caller(ctx), body),
    )
    .route(
      {
        method: 'get',
        operationId: 'getKeycardUniqueness',
        path: '/unique',
        summary: 'Whether no account has registered this card number yet',
        access: 'customer',
        query: uniqueKeycardQuery,
        response: uniqueKeycardDto,
      },
      async ({ query }) => ({
        datacarrierid: query.datacarrierid,
        unique: await service.isUnique(carrierKeysOfNumber(query.datacarrierid)),
      }),
    )
    .route(
      {
        method: 'post',
        operationId: 'addKeycard',
        path: '/',
        summary: "Add a keycard to one of the account's persons",
        access: 'customer',
        body: addKeycardBody,
        response: keycardDto,
        status: 201,
      },
      ({ body, ctx }) => service.add(caller(ctx), body),
    )
    .route(
      {
        method: 'delete',
        operationId: 'deleteKeycard',
        path: '/:keycardId',
        summary: 'Delete (cancel) a keycard',
        access: 'customer',
        params: keycardIdParams,
      },
      ({ params, ctx }) => service.remove(caller(ctx), params.keycardId),
    )
    .route(
      {
        method: 'post',
        operationId: 'checkKeycardValidity',
        path: '/:keycardId/check-validity',
        summary: 'Whether the keycard can be used on a date (default today)',
        access: 'customer',
        params: keycardIdParams,
        body: checkValidityBody,
        response: keycardValidityDto,
      },
      ({ params, body, ctx }) => service.checkValidity(caller(ctx), params.keycardId, body.date),
    );
}
