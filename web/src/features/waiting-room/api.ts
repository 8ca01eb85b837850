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
  /** the server's hint: ask again after this many seconds (longer the further back the place) */
  pollAfterSeconds?: number | null;
  productDefinitionIds: number[];
}

/** A sale announced or open (GET /waiting-room/sales): its products go through the queue from opensAt. */
export interface AnnouncedSale {
  id: number;
  productDefinitionIds: number[];
  opensAt: string;
}

/** The waiting room (docs/waiting-room.md): the announced sales; join a sale's queue once, then ask for the place. */
export const waitingRoomApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAnnouncedSales: build.query<AnnouncedSale[], void>({
      query: () => '/waiting-room/sales',
    }),
    joinQueue: build.mutation<QueueTicket, number>({
      query: (saleId) => ({ url: `/waiting-room/${saleId}/queue`, method: 'POST' }),
    }),
    getQueueTicket: build.query<QueueTicket, { saleId: number; ticketId: string }>({
      query: ({ saleId, ticketId }) => `/waiting-room/${saleId}/queue/${ticketId}`,
    }),
  }),
});

export const { useGetAnnouncedSalesQuery, useJoinQueueMutation, useGetQueueTicketQuery } = waitingRoomApi;
