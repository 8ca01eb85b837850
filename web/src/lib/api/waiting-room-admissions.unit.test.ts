import { admissionTokens, rememberAdmission } from './waiting-room-admissions';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear = () => this.items.clear();
  getItem = (key: string) => this.items.get(key) ?? null;
  key = (index: number) => [...this.items.keys()][index] ?? null;
  removeItem = (key: string) => void this.items.delete(key);
  setItem = (key: string, value: string) => void this.items.set(key, value);
}

describe('the admissions a tab holds', () => {
  it('keeps one per sale and sends those not expired, space-separated', () => {
    const storage = new MemoryStorage();
    expect(admissionTokens(new Date('2030-12-20T10:00:00Z'), storage)).toBeUndefined();
    rememberAdmission(1, { token: 'a.1', expiresAt: '2030-12-20T11:00:00Z' }, storage);
    rememberAdmission(2, { token: 'b.1', expiresAt: '2030-12-20T10:30:00Z' }, storage);
    rememberAdmission(1, { token: 'a.2', expiresAt: '2030-12-20T11:00:00Z' }, storage);
    expect(admissionTokens(new Date('2030-12-20T10:00:00Z'), storage)).toBe('a.2 b.1');
    expect(admissionTokens(new Date('2030-12-20T10:45:00Z'), storage)).toBe('a.2');
    storage.setItem('alpenpass.waitingRoomAdmissions', 'not json');
    expect(admissionTokens(new Date('2030-12-20T10:00:00Z'), storage)).toBeUndefined();
  });
});
