import { describe, expect, it } from 'vitest';
import { eventHandlersOf, jobHandlersOf, type ServerModule } from './server-module';

const job = async () => undefined;
const event = async () => {};

describe('the tables built from the module descriptors', () => {
  it("hold every module's job kinds and event templates", () => {
    const modules: ServerModule[] = [
      { name: 'a', jobs: { 'a.one': job }, events: { 'a.sent': event } },
      { name: 'b', jobs: { 'b.one': job } },
      { name: 'c' },
    ];
    expect(Object.keys(jobHandlersOf(modules))).toEqual(['a.one', 'b.one']);
    expect(eventHandlersOf(modules)).toEqual({ 'a.sent': event });
  });

  it('refuse a job kind or an event template two modules claim', () => {
    expect(() =>
      jobHandlersOf([
        { name: 'a', jobs: { x: job } },
        { name: 'b', jobs: { x: job } },
      ]),
    ).toThrow('Job type x is claimed twice (module b)');
    expect(() =>
      eventHandlersOf([
        { name: 'a', events: { y: event } },
        { name: 'b', events: { y: event } },
      ]),
    ).toThrow('Event y is handled twice (module b)');
  });
});
