/** set by router.ts from the connection, never taken from the client */
export const CLIENT_ADDRESS_HEADER = 'x-alpenpass-client-address';
