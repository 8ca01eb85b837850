import { act, render } from '@testing-library/react';
import { PREFETCH_MARGIN, usePrefetchWhenNear } from './use-prefetch-when-near';

type Callback = (entries: Array<{ isIntersecting: boolean }>) => void;

const observers: Array<{ callback: Callback; options: IntersectionObserverInit; disconnected: boolean }> = [];

class RecordingIntersectionObserver {
  private readonly record: (typeof observers)[number];
  constructor(callback: Callback, options: IntersectionObserverInit) {
    this.record = { callback, options, disconnected: false };
    observers.push(this.record);
  }
  observe() {}
  disconnect() {
    this.record.disconnected = true;
  }
}

function Probe({ prefetch }: { prefetch: () => void }) {
  const ref = usePrefetchWhenNear<HTMLAnchorElement>(prefetch);
  return (
    <a ref={ref} href="/de/profile">
      profile
    </a>
  );
}

beforeAll(() => {
  Object.assign(globalThis, { IntersectionObserver: RecordingIntersectionObserver });
  jest.useFakeTimers();
});

afterAll(() => {
  jest.useRealTimers();
});

describe('prefetching near the viewport', () => {
  it('prefetches once when the link comes within 200px', () => {
    const prefetch = jest.fn();
    render(<Probe prefetch={prefetch} />);
    const observer = observers.at(-1)!;
    expect(observer.options.rootMargin).toBe(PREFETCH_MARGIN);
    expect(PREFETCH_MARGIN).toBe('200px');

    act(() => observer.callback([{ isIntersecting: false }]));
    expect(prefetch).not.toHaveBeenCalled();
    act(() => observer.callback([{ isIntersecting: true }]));
    expect(observer.disconnected).toBe(true);
    // not at once: after the page's load, at an idle moment
    expect(prefetch).not.toHaveBeenCalled();
    act(() => jest.runOnlyPendingTimers());
    expect(prefetch).toHaveBeenCalledTimes(1);
  });
});
