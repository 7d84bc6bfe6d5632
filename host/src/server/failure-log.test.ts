import { REPEAT_LOG_MS, renderFailureLog } from './failure-log';

/** An error thrown at `place` (the first frame of its stack), as a remote's screen throws it. */
function thrown(message: string, place: string): Error {
  const error = new Error(message);
  error.stack = `Error: ${message}\n    at ${place}\n    at renderWithHooks (render.js:1:1)`;
  return error;
}

describe('renderFailureLog', () => {
  it('logs a failure in full once, then as a count at most once a minute', () => {
    const lines: unknown[][] = [];
    const logFailure = renderFailureLog((...parts) => lines.push(parts));
    const broken = (): Error => thrown('the list broke', 'DoctorListPage (releases/r1/server/doctor-list.js:9:1)');
    const first = broken();
    logFailure(first, 0);
    for (let at = 1000; at < REPEAT_LOG_MS; at += 1000) logFailure(broken(), at);
    expect(lines).toEqual([['A screen failed to render on the server; the browser renders it:', first]]);

    logFailure(broken(), REPEAT_LOG_MS);
    expect(lines[1]).toEqual([`A screen failed to render on the server 60 more times in 60 s; the browser renders it: the list broke`]);
    logFailure(broken(), REPEAT_LOG_MS + 1000);
    expect(lines).toHaveLength(2);
  });

  it("logs in full a failure that is new: another message, another place, another release's file", () => {
    const lines: unknown[][] = [];
    const logFailure = renderFailureLog((...parts) => lines.push(parts));
    logFailure(thrown('the list broke', 'DoctorListPage (releases/r1/server/doctor-list.js:9:1)'), 0);
    logFailure(thrown('the list broke', 'DoctorListPage (releases/r2/server/doctor-list.js:9:1)'), 1);
    logFailure(thrown('the page broke', 'DoctorListPage (releases/r2/server/doctor-list.js:9:1)'), 2);
    logFailure('a thrown string', 3);
    expect(lines.map((parts) => parts[1])).toEqual([
      expect.objectContaining({ message: 'the list broke' }),
      expect.objectContaining({ message: 'the list broke' }),
      expect.objectContaining({ message: 'the page broke' }),
      'a thrown string',
    ]);
  });
});
