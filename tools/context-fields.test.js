// The context fields a build reads, found by type, on small programs written to a temp folder.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { createProgram, declaredFields, fieldsUsed, valueExports } = require('./context-fields');

let dir;
const file = (name) => path.join(dir, name);

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'context-fields-'));
  const files = {
    'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, module: 'ESNext', moduleResolution: 'Bundler', target: 'ES2022' } }),
    'context.ts': `export interface Ctx { api: string; token: string | null; doctors: string[]; clinic: { zone: string } }
export type NotAValue = string;
export function useCtx(): Ctx { return { api: '', token: null, doctors: [], clinic: { zone: 'UTC' } }; }
export const maybe = (): Ctx | null => null;`,
    'reads.ts': `import { maybe, useCtx, type Ctx } from './context';
export function a() { const { doctors, token: t } = useCtx(); return [doctors, t]; }
export function b() { const app = useCtx(); return app.api + app['token']; }
function c(value: Ctx) { return value.clinic.zone; }
export const d = () => c(useCtx()) + maybe()?.api;
const clinic = { zone: 'not the context' };
export const e = clinic.zone;`,
    'rest.ts': `import { useCtx } from './context';
export function f() { const { api, ...others } = useCtx(); return [api, others]; }`,
    'exports.ts': `export { useCtx, type NotAValue } from './context';
export type { Ctx } from './context';
export const value = 1;`,
  };
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(file(name), content);
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('context fields', () => {
  it('lists the fields the context type declares', () => {
    const program = createProgram(file('tsconfig.json'), [file('context.ts')]);
    expect(declaredFields(program, file('context.ts'), 'Ctx')).toEqual(['api', 'clinic', 'doctors', 'token']);
  });

  it('finds destructured, accessed and passed-on reads of the context, and nothing else', () => {
    const program = createProgram(file('tsconfig.json'), [file('reads.ts'), file('context.ts')]);
    expect(fieldsUsed(program, [file('reads.ts')], file('context.ts'), 'Ctx')).toEqual(['api', 'clinic', 'doctors', 'token']);
  });

  it('reads a rest element as every field', () => {
    const program = createProgram(file('tsconfig.json'), [file('rest.ts'), file('context.ts')]);
    expect(fieldsUsed(program, [file('rest.ts')], file('context.ts'), 'Ctx')).toEqual(['*', 'api']);
  });

  it('lists the value exports of a module, not its types', () => {
    const program = createProgram(file('tsconfig.json'), [file('exports.ts')]);
    expect(valueExports(program, file('exports.ts'))).toEqual(['useCtx', 'value']);
  });
});
