import { screen } from '@testing-library/react';
import { mockApiFetch, type ApiCall } from '../../../test/support/mock-api-fetch';
import { renderRoute } from '../../../test/support/render-route';

let api: ReturnType<typeof mockApiFetch>;
let polls: string[];
afterEach(() => {
  api.restore();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

const ticket = (status: string, extra: object = {}) => ({
  ticketId: '3f0c9a52-8d1e-4b7a-9c6f-2e5d4a3b1c0d',
  saleId: 7,
  status,
  opensAt: '2030-12-20T19:00:00.000Z',
  position: null,
  estimatedWaitSeconds: null,
  admissionToken: null,
  admissionExpiresAt: null,
  useBy: null,
  productDefinitionIds: [1031],
  ...extra,
});

function serve(joined: object, answers: object[]) {
  polls = [];
  api = mockApiFetch((call: ApiCall) => {
    if (call.path === '/auth/session') return { status: 200, body: {} };
    if (call.path === '/clients/current')
      return { status: 200, body: { id: 1, name: 'Alpenpass', featureFlags: {} } };
    if (call.method === 'POST' && call.path === '/waiting-room/7/queue') return { status: 201, body: joined };
    if (call.method === 'GET' && call.path.startsWith('/waiting-room/7/queue/')) {
      polls.push(call.path);
      return { status: 200, body: answers[Math.min(polls.length - 1, answers.length - 1)] };
    }
    return undefined;
  });
}

describe('the waiting room page', () => {
  it('shows the place and the estimate, asks again, and keeps the admission once it is the visitor’s turn', async () => {
    const admitted = ticket('ADMITTED', {
      admissionToken: 'payload.signature',
      admissionExpiresAt: '2030-12-20T20:00:00.000Z',
      useBy: '2030-12-20T19:02:00.000Z',
    });
    serve(ticket('WAITING', { position: 3, estimatedWaitSeconds: 3 }), [
      ticket('WAITING', { position: 3, estimatedWaitSeconds: 3 }),
      admitted,
    ]);
    renderRoute('/de/waiting-room/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Warteraum' })).toBeTruthy();
    expect(await screen.findByText('Ihr Platz in der Warteschlange: 3')).toBeTruthy();
    expect(screen.getByText('Geschätzte Wartezeit: etwa 1 Minute')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Weiter zu den Tickets' })).toBeNull();
    expect(await screen.findByText('Sie sind an der Reihe!', {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Weiter zu den Tickets' })).toBeTruthy();
    expect(sessionStorage.getItem('alpenpass.waitingRoomAdmissions')).toContain('payload.signature');
    const asked = polls.length;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(polls.length).toBe(asked);
  }, 15_000);

  const admitted = ticket('ADMITTED', {
    admissionToken: 'payload.signature',
    admissionExpiresAt: '2030-12-20T20:00:00.000Z',
  });

  it('sends an admitted visitor back to the page they came from', async () => {
    serve(admitted, [admitted]);
    renderRoute(`/de/waiting-room/7?returnTo=${encodeURIComponent('/de/products/103?token=x')}`);
    const back = await screen.findByRole('link', { name: 'Weiter zu den Tickets' });
    expect(back.getAttribute('href')).toBe('/de/products/103?token=x');
  });

  it('sends an admitted visitor only to a page of the shop, never to another site', async () => {
    serve(admitted, [admitted]);
    renderRoute(`/de/waiting-room/7?returnTo=${encodeURIComponent('//evil.example/de/')}`);
    const back = await screen.findByRole('link', { name: 'Weiter zu den Tickets' });
    expect(back.getAttribute('href')).toBe('/de');
  });

  it('before the opening tells the opening time in 24 hours, also in English', async () => {
    serve(ticket('BEFORE_OPENING', { estimatedWaitSeconds: 600 }), [
      ticket('BEFORE_OPENING', { estimatedWaitSeconds: 600 }),
    ]);
    renderRoute('/en/waiting-room/7');
    const text = (await screen.findByText(/^The sale opens at/)).textContent ?? '';
    expect(text).toMatch(/opens at \d{2}:\d{2}\./);
    expect(text).not.toMatch(/AM|PM/);
  });
});
