import { fireEvent, screen, waitFor } from '@testing-library/react';
import { CUSTOMER_TOKEN, atAddress } from '../../../test/support/customer-token';
import { mockApiFetch, type ApiCall } from '../../../test/support/mock-api-fetch';
import { renderRoute } from '../../../test/support/render-route';
import { fakeAccountApi } from '../../../test/support/account-fixtures';

/** The person's photo on the profile (the owner's rules allow it): shown, uploaded as multipart, refused kinds explained. */
let api: ReturnType<typeof mockApiFetch>;
let uploadAnswer: { status: number; body: unknown };
afterEach(() => {
  api.restore();
  window.history.replaceState(null, '', '/');
});

const owner = {
  id: 1,
  firstName: 'Alice',
  lastName: 'Alpin',
  birthdate: '1990-04-01',
  gender: null,
  phone: null,
  owner: true,
  avatar: '/api/users/persons/1/avatar?v=0123456789abcdef',
};

function serve() {
  const account = fakeAccountApi({ owner });
  api = mockApiFetch((call: ApiCall) => {
    if (call.path === '/users/persons/1/avatar' && call.method === 'GET') return { status: 200, body: 'PNG' };
    if (call.path === '/users/persons/1/avatar' && call.method === 'POST') return uploadAnswer;
    return account(call);
  });
}

const choose = (file: File) =>
  fireEvent.change(screen.getByLabelText('Choose a photo (JPEG, PNG or WebP)'), {
    target: { files: [file] },
  });

beforeEach(() => {
  uploadAnswer = { status: 200, body: owner };
});

describe('the person photo', () => {
  it('shows the owner’s photo from its bearer call and uploads a new one as multipart', async () => {
    serve();
    renderRoute(atAddress(`/en/profile?token=${CUSTOMER_TOKEN}`));
    const image = await screen.findByRole('img', { name: 'Photo of the person' });
    await waitFor(() =>
      expect(image.getAttribute('src')).toMatch(/^data:[a-z]+\/[a-z+-]+;base64,[A-Za-z0-9+/=]+$/),
    );
    expect(api.calls.find((call) => call.path === '/users/persons/1/avatar')?.authorization).toBe(
      `Bearer ${CUSTOMER_TOKEN}`,
    );

    choose(new File(['not a photo'], 'notes.txt', { type: 'text/plain' }));
    fireEvent.click(screen.getByRole('button', { name: 'Upload photo' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please choose a JPEG, PNG or WebP image.');
    expect(api.calls.some((call) => call.method === 'POST' && call.path === '/users/persons/1/avatar')).toBe(
      false,
    );

    choose(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' }));
    fireEvent.click(screen.getByRole('button', { name: 'Upload photo' }));
    expect(await screen.findByText('The photo has been saved.')).toBeTruthy();
    expect(
      api.calls.filter((call) => call.method === 'POST' && call.path === '/users/persons/1/avatar'),
    ).toHaveLength(1);
  });

  it('explains the server’s refusals: a content that is no image, a file too large', async () => {
    serve();
    renderRoute(atAddress(`/de/profile?token=${CUSTOMER_TOKEN}`));
    await screen.findByRole('img', { name: 'Foto der Person' });
    uploadAnswer = {
      status: 400,
      body: {
        status: 400,
        code: 'VALIDATION_FAILED',
        errors: [
          { path: 'body.avatar.mimetype', message: 'Expected one of image/jpeg, image/png, image/webp' },
        ],
      },
    };
    fireEvent.change(screen.getByLabelText('Foto wählen (JPEG, PNG oder WebP)'), {
      target: { files: [new File(['x'], 'fake.png', { type: 'image/png' })] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Foto hochladen' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Bitte wählen Sie ein JPEG-, PNG- oder WebP-Bild.',
    );
    uploadAnswer = { status: 413, body: { status: 413, code: 'FILE_TOO_LARGE', errors: [] } };
    fireEvent.click(screen.getByRole('button', { name: 'Foto hochladen' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Das Foto ist zu gross. Bitte wählen Sie ein kleineres.',
      ),
    );
  });
});
