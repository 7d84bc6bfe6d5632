// shared/singletons.json says what each version of our singletons provides: it must be what the
// sources export, so a name cannot be added or removed without recording it (and bumping).
const path = require('node:path');
const { createProgram, declaredFields, valueExports } = require('./context-fields');
const { singletons } = require('../shared/singletons.json');

const SHARED = path.resolve(__dirname, '../shared');

describe('shared/singletons.json', () => {
  const entries = Object.entries(singletons);
  let checked;

  beforeAll(() => {
    checked = createProgram(path.join(SHARED, 'tsconfig.json'), entries.map(([, singleton]) => path.join(SHARED, singleton.module)));
  });

  it.each(entries)('records what %s provides', (key, singleton) => {
    const actual = { exports: valueExports(checked, path.join(SHARED, singleton.module)) };
    if (singleton.context) actual.context = declaredFields(checked, path.join(SHARED, singleton.context.file), singleton.context.type);
    const recorded = JSON.stringify(singleton.provides);
    if (recorded !== JSON.stringify(actual)) {
      throw new Error(
        `${key} now provides ${JSON.stringify(actual)}, shared/singletons.json records ${recorded}: record the names and ` +
          'bump its version (minor for an addition, major for a removal or change)',
      );
    }
    expect(singleton.provides).toEqual(actual);
  });

  it.each(entries)('gives %s a semver version and a module the package exports', (key, singleton) => {
    expect(singleton.version).toMatch(/^\d+\.\d+\.\d+$/);
    const sharedPackage = require('../shared/package.json');
    expect(sharedPackage.exports[`./${key.split('/').slice(2).join('/')}`]).toBe(`./${singleton.module}`);
  });
});
