import { cancelCutoffMessage, MESSAGES } from '@carebook/shared';
import { refusalBody, refusalCode } from './http-error';

describe("a refusal's code", () => {
  it("is the key of the product message it says", () => {
    expect(refusalCode(409, MESSAGES.slotTaken)).toBe('slotTaken');
    expect(refusalCode(401, MESSAGES.notLoggedIn)).toBe('notLoggedIn');
    expect(refusalBody(400, MESSAGES.slotInPast)).toEqual({ success: false, message: MESSAGES.slotInPast, code: 'slotInPast' });
  });

  it('is the one given for words built from figures', () => {
    expect(refusalCode(400, cancelCutoffMessage(24), 'cancelCutoff')).toBe('cancelCutoff');
    expect(refusalCode(409, MESSAGES.slotTaken, 'staffOverCap')).toBe('staffOverCap');
  });

  it("is named for the status when the words are not one of the product's messages", () => {
    expect(refusalCode(409, 'x1 is not the canary running on doctors')).toBe('conflict');
    expect(refusalCode(429, 'Too many reports from this address.')).toBe('tooManyRequests');
    expect(refusalCode(418, 'a teapot')).toBe('badRequest');
    expect(refusalCode(502, 'upstream')).toBe('somethingWentWrong');
  });
});
