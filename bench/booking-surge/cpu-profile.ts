// Optional CPU profile of the measured part only (open the .cpuprofile in Chrome DevTools).
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

export async function startCpuProfile(file: string | undefined): Promise<{ stop(): Promise<void> }> {
  if (!file) return { async stop() {} };
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop() {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}
