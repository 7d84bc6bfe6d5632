import { DOCTORS } from '@carebook/testing';
import { filterDoctors, specializationFromParam } from './filter-doctors';

const names = (search: string, specialization: Parameters<typeof filterDoctors>[1]['specialization']) =>
  filterDoctors(DOCTORS, { search, specialization }).map((doctor) => doctor._id);

describe('specializationFromParam', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['Dermatologist', 'Dermatologist'],
    ['dermatologist', 'Dermatologist'],
    ['General Physician', 'General Physician'],
    ['Cardiologist', null],
  ])('%p → %p', (param, expected) => {
    expect(specializationFromParam(param)).toBe(expected);
  });
});

describe('filterDoctors', () => {
  it.each([
    ['', undefined, ['d1', 'd2', 'd3', 'd4', 'd5', 'd6']],
    ['   ', undefined, ['d1', 'd2', 'd3', 'd4', 'd5', 'd6']],
    ['lindq', undefined, ['d1']],
    [' OKAFOR ', undefined, ['d2']],
    ['physician', undefined, ['d1', 'd2']],
    ['', 'Dermatologist', ['d4', 'd5']],
    ['lena', 'Dermatologist', ['d4']],
    ['lena', 'Neurologist', []],
    ['', null, []],
    ['zzz', undefined, []],
  ] as const)('search %p in %p', (search, specialization, expected) => {
    expect(names(search, specialization)).toEqual(expected);
  });
});
