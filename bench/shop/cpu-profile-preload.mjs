// Preloaded into every shop process by the surge bench (NODE_OPTIONS=--import …) when it profiles: node
// refuses --cpu-prof in NODE_OPTIONS, so this starts V8's sampling profiler through the inspector and
// writes <BENCH_PROFILE_DIR>/profile.<pid>.cpuprofile when the process exits (same-thread inspector
// calls answer synchronously, so this works inside the 'exit' handler).
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';
import process from 'node:process';

const folder = process.env.BENCH_PROFILE_DIR;
if (folder) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.start');
  process.on('exit', () => {
    session.post('Profiler.stop', (error, result) => {
      if (!error)
        writeFileSync(join(folder, `profile.${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
