// webpack loader for react-router's published build (webpack.shared.js applies it to that package only).
//
// The router we ship is the part of react-router the apps import (@carebook/shared/router), and
// webpack leaves out the functions nothing uses. It cannot leave out a component made by a call,
// `var Form = React.forwardRef(...)`, nor one given a name after, `Form.displayName = "Form"`: both
// might have side effects as far as it knows. So the data router's <Form>, which no app uses, came
// with everything it needs (submission helpers, fetcher keys): 1.4 KB gzip on every first visit.
// This marks those top-level React factory calls pure, as React's own builds mark theirs, and drops
// the top-level `displayName` assignments (names for React DevTools only). A component an app uses
// is kept and works as before; one it does not use is dropped like an unused function.

/** `var Link = React10.forwardRef(` at the top level of a module. */
const FACTORY_CALL = /^var (\w+) = (React\d*\.(?:forwardRef|memo|createContext))\(/gm;
/** `Link.displayName = "Link";` at the top level (not the ones inside functions, which are indented). */
const DISPLAY_NAME = /^\w+\.displayName = "[^"\n]*";$/gm;

/** The source with its factory calls marked pure and its top-level displayName assignments removed. */
function markReactFactoriesPure(source) {
  let calls = 0;
  const marked = source.replace(FACTORY_CALL, (_match, name, factory) => {
    calls += 1;
    return `var ${name} = /* @__PURE__ */ ${factory}(`;
  });
  return { source: marked.replace(DISPLAY_NAME, ''), calls };
}

/** @this {import('webpack').LoaderContext<Record<string, never>>} */
function pureReactFactoriesLoader(source) {
  const result = markReactFactoriesPure(source);
  // A react-router release that writes its components differently: say so rather than silently
  // shipping the unused ones again (the build still works either way).
  if (result.calls === 0 && /\bReact\d*\.forwardRef\(/.test(source)) {
    this.emitWarning(new Error('pure-react-factories: no top-level React factory call found in this react-router build; check the pattern'));
  }
  return result.source;
}

module.exports = pureReactFactoriesLoader;
module.exports.markReactFactoriesPure = markReactFactoriesPure;
