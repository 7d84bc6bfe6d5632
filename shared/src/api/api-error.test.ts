import { ApiError } from './api-error';

describe('ApiError', () => {
  it("recognises an error made by another app's copy of this module", () => {
    // What the host's copy of the class makes, as a remote's copy sees it: another class, same brand.
    const fromAnotherCopy = Object.assign(new Error('Slot taken'), { status: 409, [Symbol.for('carebook.ApiError')]: true });
    expect(fromAnotherCopy instanceof ApiError).toBe(true);
    expect(new ApiError('Slot taken', 409) instanceof ApiError).toBe(true);
    expect(new ApiError('x', 400) instanceof Error).toBe(true);
  });

  it('does not take other errors for it', () => {
    expect(new Error('Slot taken') instanceof ApiError).toBe(false);
    expect(Object.assign(new Error('x'), { status: 409 }) instanceof ApiError).toBe(false);
    expect((null as unknown) instanceof ApiError).toBe(false);
  });
});
