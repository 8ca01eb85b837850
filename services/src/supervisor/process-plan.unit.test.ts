import { planFor } from './process-plan';
import { withSimulatorDefaults } from './psp-simulator-env';

describe('the process plan of npm start', () => {
  it('runs the API, the projector with the relay, and the worker in separate processes, the API after the projector', () => {
    expect(planFor(['api', 'relay', 'projector', 'worker'])).toEqual([
      { name: 'projector', roles: ['relay', 'projector'] },
      { name: 'worker', roles: ['worker'] },
      { name: 'api', roles: ['api'], after: 'projector' },
    ]);
  });

  it('keeps only the roles ROLES asks for, and drops a wait on a group that is not started', () => {
    expect(planFor(['api', 'worker'])).toEqual([
      { name: 'worker', roles: ['worker'] },
      { name: 'api', roles: ['api'] },
    ]);
    expect(planFor(['projector'])).toEqual([{ name: 'projector', roles: ['projector'] }]);
  });
});

describe('the PSP simulator in the process plan', () => {
  it('runs as a process of its own with its own entry, in development only (when asked) and only with the API or the worker', () => {
    expect(planFor(['api', 'worker'], undefined, { pspSimulator: true })[0]).toEqual({
      name: 'psp-simulator',
      roles: [],
      entry: 'psp-simulator',
    });
    expect(planFor(['api', 'worker']).map((group) => group.name)).not.toContain('psp-simulator');
    expect(planFor(['projector'], undefined, { pspSimulator: true }).map((group) => group.name)).toEqual([
      'projector',
    ]);
  });

  it('points the shop at the simulator unless PSP_* are set', () => {
    expect(withSimulatorDefaults({ PSP_SIMULATOR_PORT: '3911' })).toMatchObject({
      PSP_BASE_URL: 'http://127.0.0.1:3911',
      PSP_SIMULATOR_PORT: '3911',
    });
    expect(withSimulatorDefaults({ PSP_BASE_URL: 'https://api.sandbox.datatrans.com' }).PSP_BASE_URL).toBe(
      'https://api.sandbox.datatrans.com',
    );
  });
});
