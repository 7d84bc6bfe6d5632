import { provided } from './render';

// The build configuration: what a remote's server build leaves to the host's server.
const { SERVER_PROVIDED } = jest.requireActual<{ SERVER_PROVIDED: string[] }>('../../../webpack.shared.js');

describe("the host's server build", () => {
  it('provides exactly what the remotes\' server builds are built to ask for (webpack.shared.js)', () => {
    expect(Object.keys(provided).sort()).toEqual([...SERVER_PROVIDED].sort());
    for (const name of SERVER_PROVIDED) expect(provided[name]).toBeTruthy();
  });
});
