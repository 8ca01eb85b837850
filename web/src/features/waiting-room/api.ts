import { api } from '../../lib/api/api-slice';

export type QueueStatus = 'BEFORE_OPENING' | 'WAITING' | 'ADMITTED' | 'EXPIRED' | 'CLOSED';

/** A visitor's place in a sale's queue (GET /waiting-room/{saleId}/queue/{ticketId}). */
export interface QueueTicket {
  ticketId: string;
  saleId: number;
  status: QueueStatus;
  opensAt: Date | string;
  position: number | null;
  estimatedWaitSeconds: number | null;
  admissionToken: string | null;
  admissionExpiresAt: Date | string | null;
  useBy: Date | string | null;
  productDefinitionIds: number[];
}

/** The waiting room (docs/waiting-room.md): join a sale's queue once, then ask for the place. */
export const waitingRoomApi = api.injectEndpoints({
  endpoints: (build) => ({
    joinQueue: build.mutation<QueueTicket, number>({
      query: (saleId) => ({ url: `/waiting-room/${saleId}/queue`, method: 'POST' }),
    }),
    getQueueTicket: build.query<QueueTicket, { saleId: number; ticketId: string }>({
      query: ({ saleId, ticketId }) => `/waiting-room/${saleId}/queue/${ticketId}`,
    }),
  }),
});

export const { useJoinQueueMutation, useGetQueueTicketQuery } = waitingRoomApi;
