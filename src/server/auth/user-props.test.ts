import { describe, expect, it } from 'vitest';
import { UserDirectory } from './user-directory.js';
import { parseUserProps } from './user-props.js';

describe('parseUserProps', () => {
  it("reads DataHub's own file: the root user datahub with password datahub", () => {
    const parsed = parseUserProps('datahub:datahub', 'user.props');
    expect(parsed.problems).toEqual([]);
    expect(parsed.users).toEqual([
      { username: 'datahub', password: 'datahub', location: { file: 'user.props', line: 1, column: 1 } },
    ]);
  });

  it('reads lines as java.util.Properties does: = or :, comments, blanks, escapes, continued lines', () => {
    const text = [
      '# the root user',
      '! another comment',
      '',
      '  alice = s3cret:with:colons ',
      'bob:pa\\u0073s\\\\word',
      'carol:first\\',
      '    second',
      'dan\\:x:y',
    ].join('\r\n');
    const parsed = parseUserProps(text, 'f');
    expect(parsed.problems).toEqual([]);
    expect(parsed.users.map(({ username, password }) => [username, password])).toEqual([
      ['alice', 's3cret:with:colons '],
      ['bob', 'pass\\word'],
      ['carol', 'firstsecond'],
      ['dan:x', 'y'],
    ]);
    expect(parsed.users[0]?.location).toEqual({ file: 'f', line: 4, column: 3 });
    expect(parsed.users[2]?.location.line).toBe(6);
  });

  it('reports empty passwords, repeated users, unusable names and an empty file, never quoting a password', () => {
    const parsed = parseUserProps('alice:\nbob:pw-first\nbob:pw-second\nbad,name:x\n', 'users.props');
    expect(parsed.users.map((user) => user.username)).toEqual(['bob']);
    expect(parsed.problems.map((problem) => [problem.location.line, problem.message])).toEqual([
      [1, 'user alice has an empty password'],
      [3, 'user bob is listed twice (first on line 2)'],
      [4, 'this user name cannot name a DataHub user'],
    ]);
    expect(JSON.stringify(parsed.problems)).not.toMatch(/pw-/);
    expect(parseUserProps('# nobody\n', 'f').problems[0]?.message).toBe('the file lists no users');
  });
});

describe('UserDirectory', () => {
  const directory = new UserDirectory([
    { username: 'datahub', password: 'datahub' },
    { username: 'alice', password: 'wonderland' },
  ]);

  it('accepts a listed user with their own password only', () => {
    expect(directory.verify('datahub', 'datahub')).toBe(true);
    expect(directory.verify('alice', 'wonderland')).toBe(true);
    expect(directory.verify('alice', 'datahub')).toBe(false);
    expect(directory.verify('datahub', 'DATAHUB')).toBe(false);
    expect(directory.verify('datahub', '')).toBe(false);
    expect(directory.verify('mallory', 'datahub')).toBe(false);
    expect(directory.has('alice')).toBe(true);
    expect(directory.has('mallory')).toBe(false);
  });

  it('keeps no password in memory (digests only)', () => {
    expect(JSON.stringify([...Object.values(directory)])).not.toContain('wonderland');
  });
});
