import { planFor } from './process-plan';

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
