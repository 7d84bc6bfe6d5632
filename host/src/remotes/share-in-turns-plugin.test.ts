import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import shareInTurnsPlugin from './share-in-turns-plugin';

type BeforeLoadShare = NonNullable<ModuleFederationRuntimePlugin['beforeLoadShare']>;

describe('shareInTurnsPlugin', () => {
  it('hands each shared library on unchanged, in a task after the one that asked for it', async () => {
    const beforeLoadShare = shareInTurnsPlugin().beforeLoadShare as BeforeLoadShare;
    const args = { pkgName: 'react', shareInfo: { version: '19.3.1' } } as unknown as Parameters<BeforeLoadShare>[0];
    let handedOn: unknown = null;
    const turn = Promise.resolve(beforeLoadShare(args)).then((result) => {
      handedOn = result;
    });

    // Every microtask of the asking task has run: not handed on yet.
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
    expect(handedOn).toBeNull();

    // A task queued after the hook ran: by then it has been handed on, as it came.
    await new Promise((resolve) => setTimeout(resolve, 0));
    await turn;
    expect(handedOn).toBe(args);
  });
});
