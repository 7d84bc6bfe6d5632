import { releaseTags } from './telemetry-tags';

const config = {
  releases: { doctors: { id: 'r-20261128-0102', builtAt: '2026-11-28T01:02:00Z' }, booking: { id: 'b7', builtAt: '2026-11-27T10:00:00Z' }, pages: null },
  canary: ['doctors'],
};

describe('releaseTags', () => {
  it('tags with each answering remote\'s release id and the canaries among them', () => {
    expect(releaseTags(config)).toEqual({ releases: { doctors: 'r-20261128-0102', booking: 'b7' }, canary: ['doctors'] });
    expect(releaseTags({ releases: { doctors: { id: 'a', builtAt: '' } } })).toEqual({ releases: { doctors: 'a' } });
  });

  it('leaves out names the contract would refuse, so one odd release cannot lose the whole beacon', () => {
    expect(releaseTags({ releases: { doctors: { id: 'has space', builtAt: '' }, 'bad/name': { id: 'x', builtAt: '' } }, canary: ['doctors'] })).toEqual({ releases: {} });
  });
});
