import { clientHolderId, clientHolderKey } from './client-holder';

describe('a guest client’s holder id', () => {
  const key = clientHolderKey('an-order-access-secret-of-the-shop');

  it('is the same for one client on one slot, whichever process derives it', () => {
    expect(clientHolderId(key, 42, '203.0.113.7')).toBe(
      clientHolderId(clientHolderKey('an-order-access-secret-of-the-shop'), 42, '203.0.113.7'),
    );
    expect(clientHolderId(key, 42, '203.0.113.7')).toMatch(/^client:[\w-]{22}$/);
  });

  it('tells clients apart, cannot be joined up across slots, and names no address', () => {
    const onSlot42 = clientHolderId(key, 42, '203.0.113.7');
    expect(clientHolderId(key, 42, '203.0.113.8')).not.toBe(onSlot42);
    expect(clientHolderId(key, 43, '203.0.113.7')).not.toBe(onSlot42);
    expect(clientHolderId(clientHolderKey('another-shop-secret-0123456789'), 42, '203.0.113.7')).not.toBe(
      onSlot42,
    );
    expect(onSlot42).not.toContain('203');
  });
});
