import { describe, expect, it } from 'vitest';
import { isV2FieldPath, simplifyFieldPath } from './field-path.js';

describe('field paths', () => {
  it.each([
    ['[version=2.0].[type=struct].address.[type=string].zipcode', 'address.zipcode'],
    ['[version=2.0].[key=True].[type=long].id', 'id'],
    ['[version=2.0].[type=array].[type=struct].items.[type=double].price', 'items.price'],
    ['address.zipcode', 'address.zipcode'],
    ['email', 'email'],
  ])('simplifies %s to %s', (path, simple) => {
    expect(simplifyFieldPath(path)).toBe(simple);
  });

  it('tells v2 paths from simple ones', () => {
    expect(isV2FieldPath('[version=2.0].[type=string].email')).toBe(true);
    expect(isV2FieldPath('email')).toBe(false);
  });
});
