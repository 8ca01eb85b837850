/** Estimates when a replay ends from how fast it has moved so far (positions per second since start). */
export interface ReplayRate {
  startPosition: number;
  startedAtMs: number;
}

function clock(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/** `1 234 ev/s, ETA 0:42` — `ETA --:--` until the replay has moved at all. */
export function etaText(rate: ReplayRate, position: number, head: number, nowMs: number): string {
  const elapsedSeconds = (nowMs - rate.startedAtMs) / 1000;
  const done = position - rate.startPosition;
  if (done <= 0 || elapsedSeconds <= 0) return 'ETA --:--';
  const perSecond = done / elapsedSeconds;
  const remaining = Math.max(0, head - position) / perSecond;
  return `${Math.round(perSecond)} positions/s, ETA ${clock(remaining)}`;
}
