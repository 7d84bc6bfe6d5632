const fs = require('node:fs');
const path = require('node:path');
const loader = require('./pure-react-factories');

const { markReactFactoriesPure } = loader;

describe('pure-react-factories', () => {
  it('marks top-level React factory calls pure and drops top-level displayName assignments only', () => {
    const source = [
      'var Form = React10.forwardRef(',
      '  (props, ref) => null',
      ');',
      'Form.displayName = "Form";',
      'var RouteContext = React.createContext(null);',
      'var MemoizedDataRoutes = React3.memo(DataRoutes2);',
      'function useFetcher() {',
      '  FetcherForm2.displayName = "fetcher.Form";',
      '}',
      'var plain = createThing();',
    ].join('\n');

    const { source: marked, calls } = markReactFactoriesPure(source);

    expect(calls).toBe(3);
    expect(marked).toContain('var Form = /* @__PURE__ */ React10.forwardRef(');
    expect(marked).toContain('var RouteContext = /* @__PURE__ */ React.createContext(null);');
    expect(marked).toContain('var MemoizedDataRoutes = /* @__PURE__ */ React3.memo(DataRoutes2);');
    expect(marked).not.toContain('Form.displayName = "Form";');
    expect(marked).toContain('  FetcherForm2.displayName = "fetcher.Form";');
    expect(marked).toContain('var plain = createThing();');
  });

  it('finds the factory calls of the react-router build this project installs', () => {
    const dist = path.dirname(require.resolve('react-router/package.json')) + '/dist/development';
    const chunks = fs.readdirSync(dist).filter((file) => /^chunk-.*\.mjs$/.test(file));
    const calls = chunks.map((file) => markReactFactoriesPure(fs.readFileSync(path.join(dist, file), 'utf8')).calls);
    // Link, NavLink, Form and the router's contexts, among others.
    expect(Math.max(...calls)).toBeGreaterThanOrEqual(10);
  });

  it('warns when a react-router build has forwardRef calls the pattern does not find', () => {
    const warnings = [];
    const output = loader.call({ emitWarning: (error) => warnings.push(error.message) }, 'const Link = React.forwardRef(render);');
    expect(output).toBe('const Link = React.forwardRef(render);');
    expect(warnings).toEqual([expect.stringContaining('no top-level React factory call found')]);
  });
});
