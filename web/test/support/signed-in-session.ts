/** What GET /api/auth/session answers for a signed-in customer (docs/auth.md): the API's bearer is accessToken. */
export const SESSION_ACCESS_TOKEN =
  'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJhbGljZS1zZXNzaW9uIn0.c2Vzc2lvbi1zaWduYXR1cmU';

export const signedInSession = {
  user: { id: 'alice', name: 'Alice Alpin', email: 'alice@example.ch' },
  expires: '2030-01-01T00:00:00.000Z',
  accessToken: SESSION_ACCESS_TOKEN,
  accessTokenExpiresAt: 1893456000,
};
